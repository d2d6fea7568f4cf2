import {
  CHATBOT_STREAM_CONTENT_TYPE,
  type ChatbotRequest,
  type ChatbotResponse,
  type ChatbotStreamEvent,
  chatbotStreamEventSchema,
} from '@pilote/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiResponse } from '../../../lib/api-client.ts';
import { ApiClientError, clientErrorCodes, NETWORK_ERROR_MESSAGE } from '../../../lib/api-error.ts';
import { sendChatMessage } from './send-chat-message.ts';

const UNEXPECTED_STREAM_MESSAGE = 'Réponse inattendue du serveur.';

function unexpected(status: number, body?: unknown): ApiClientError {
  return new ApiClientError({
    status,
    code: clientErrorCodes.invalidResponse,
    message: UNEXPECTED_STREAM_MESSAGE,
    body,
  });
}

function parseLine(line: string, status: number): ChatbotStreamEvent {
  let data: unknown;
  try {
    data = JSON.parse(line);
  } catch {
    throw unexpected(status, line.slice(0, 300));
  }
  const parsed = chatbotStreamEventSchema.safeParse(data);
  if (!parsed.success) {
    throw unexpected(status, data);
  }
  return parsed.data;
}

/** The NDJSON events of a response as they arrive (the whole text at once where bodies cannot be read in pieces). */
async function* readEvents(response: Response): AsyncGenerator<ChatbotStreamEvent> {
  const reader = response.body?.getReader();
  if (!reader) {
    for (const line of (await response.text()).split('\n')) {
      if (line.trim()) {
        yield parseLine(line, response.status);
      }
    }
    return;
  }
  const decoder = new TextDecoder();
  let buffered = '';
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        if (error instanceof Error && error.name === 'AbortError') {
          throw error;
        }
        throw new ApiClientError({
          status: 0,
          code: clientErrorCodes.network,
          message: NETWORK_ERROR_MESSAGE,
          cause: error,
        });
      }
      buffered += decoder.decode(chunk.value, { stream: !chunk.done });
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (line.trim()) {
          yield parseLine(line, response.status);
        }
      }
      if (chunk.done) {
        break;
      }
    }
  } finally {
    reader.releaseLock();
  }
  if (buffered.trim()) {
    yield parseLine(buffered, response.status);
  }
}

export interface StreamChatOptions {
  /** Called with each piece of the answer's text, in order. */
  onDelta: (text: string) => void;
  signal?: AbortSignal;
}

/**
 * `POST /api/chatbot/stream` (signed in, ADR 0036): the answer arrives in pieces (`onDelta`), then resolves with
 * the whole answer and its sources. Errors reject with `ApiClientError` like every API call, including an `error`
 * event sent after the stream started. Falls back to `POST /api/chatbot/` if the server has no stream route.
 */
export async function streamChatMessage(
  body: ChatbotRequest,
  { onDelta, signal }: StreamChatOptions,
): Promise<ChatbotResponse> {
  let response: Response;
  try {
    response = await apiResponse('/api/chatbot/stream', {
      method: 'POST',
      body,
      headers: { Accept: `${CHATBOT_STREAM_CONTENT_TYPE}, application/json` },
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 404) {
      const answer = await sendChatMessage(body);
      onDelta(answer.response);
      return answer;
    }
    throw error;
  }
  for await (const event of readEvents(response)) {
    if (event.type === 'delta') {
      onDelta(event.text);
    } else if (event.type === 'done') {
      return { response: event.response, sources: event.sources };
    } else {
      throw new ApiClientError({ status: event.status, code: event.code, message: event.error, body: event });
    }
  }
  throw unexpected(response.status);
}

export function useStreamChatMessage() {
  return useMutation({
    mutationFn: ({ body, ...options }: { body: ChatbotRequest } & StreamChatOptions) =>
      streamChatMessage(body, options),
  });
}
