import { type ChatbotRequest, chatbotResponseSchema } from '@pilote/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `POST /api/chatbot/` (signed in): the answer and the passages it used. */
export function sendChatMessage(body: ChatbotRequest) {
  return api.post('/api/chatbot/', body, { schema: chatbotResponseSchema });
}

export function useSendChatMessage() {
  return useMutation({ mutationFn: sendChatMessage });
}
