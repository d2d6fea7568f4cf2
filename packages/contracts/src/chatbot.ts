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
  /** The number the answer cites it by (« [2] »), when the engine numbers its passages (LLM engine). */
  ref: z.number().int().positive().optional(),
});
export type ChatbotSource = z.infer<typeof chatbotSourceSchema>;

export const chatbotResponseSchema = z.object({
  response: z.string(),
  sources: z.array(chatbotSourceSchema),
});
export type ChatbotResponse = z.infer<typeof chatbotResponseSchema>;

/**
 * The errors of the optional LLM engine (ADR 0036): the model's server failed (502) or did not answer in time
 * (504). The unit of quota is given back in both cases.
 */
export const chatbotErrorCodes = ['CHATBOT_ENGINE_ERROR', 'CHATBOT_ENGINE_TIMEOUT'] as const;
export type ChatbotErrorCode = (typeof chatbotErrorCodes)[number];

export const chatbotErrorMessages: Record<ChatbotErrorCode, string> = {
  CHATBOT_ENGINE_ERROR:
    'Le service de l’assistant est momentanément indisponible. Veuillez réessayer dans quelques instants.',
  CHATBOT_ENGINE_TIMEOUT: 'L’assistant met trop de temps à répondre. Veuillez réessayer dans quelques instants.',
};

/**
 * POST /api/chatbot/stream answers `application/x-ndjson`: one JSON event a line. Zero or more `delta` (pieces of
 * the answer's text, in order), then exactly one `done` (the whole answer and its sources) or one `error` (the
 * `{ error, code }` of the API, with the HTTP status it would have had).
 */
export const chatbotStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('done'), response: z.string(), sources: z.array(chatbotSourceSchema) }),
  z.object({ type: z.literal('error'), status: z.number().int(), error: z.string(), code: z.string() }),
]);
export type ChatbotStreamEvent = z.infer<typeof chatbotStreamEventSchema>;

export const CHATBOT_STREAM_CONTENT_TYPE = 'application/x-ndjson';
