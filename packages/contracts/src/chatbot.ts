import { z } from 'zod';

/** Spec §8 chatbot messages (used exactly by the panel). */
export const chatbotMessages = {
  notSignedIn: 'Vous devez être connecté pour utiliser le chatbot.',
  csrfFetchFailed: 'Impossible de se connecter au serveur. Veuillez vérifier votre connexion et actualiser la page.',
  noToken: 'Token de sécurité non disponible. Le serveur ne répond pas correctement.',
  csrfExpired: 'Token de sécurité expiré. Veuillez renvoyer votre message.',
  generic: 'Une erreur est survenue.',
  networkPrefix: 'Erreur réseau : ',
} as const;

export const CHAT_MESSAGE_MAX = 2000;
export const CHAT_HISTORY_MAX_ITEMS = 20;
export const CHAT_HISTORY_ITEM_MAX = 4000;

export const chatRoleSchema = z.enum(['user', 'assistant']);
export const chatHistoryItemSchema = z.object({
  role: chatRoleSchema,
  content: z
    .string()
    .max(CHAT_HISTORY_ITEM_MAX, `Un message de l’historique dépasse ${CHAT_HISTORY_ITEM_MAX} caractères.`),
});

/** POST /api/chatbot/ (signed in; one unit of the plan's `chatbot_messages` quota per answered message). */
export const chatbotRequestSchema = z.object({
  message: z
    .string({ error: 'Le message est obligatoire.' })
    .trim()
    .min(1, 'Le message est obligatoire.')
    .max(CHAT_MESSAGE_MAX, `Le message ne doit pas dépasser ${CHAT_MESSAGE_MAX} caractères.`),
  history: z
    .array(chatHistoryItemSchema)
    .max(CHAT_HISTORY_MAX_ITEMS, `L’historique ne doit pas dépasser ${CHAT_HISTORY_MAX_ITEMS} messages.`)
    .default([]),
});
export type ChatbotRequest = z.input<typeof chatbotRequestSchema>;

/** A passage the answer used: its title, the product page it comes from, and the text quoted. */
export const chatbotSourceSchema = z.object({
  title: z.string(),
  url: z.string(),
  excerpt: z.string(),
});
export type ChatbotSource = z.infer<typeof chatbotSourceSchema>;

export const chatbotResponseSchema = z.object({
  response: z.string(),
  sources: z.array(chatbotSourceSchema),
});
export type ChatbotResponse = z.infer<typeof chatbotResponseSchema>;
