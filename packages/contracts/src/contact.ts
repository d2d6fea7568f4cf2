import { z } from 'zod';
import { pageOf, pageQuerySchema } from './pagination.ts';

/** Subjects offered by the public contact form (/contact). */
export const contactTopics = ['commercial', 'support', 'donnees', 'autre'] as const;
export const contactTopicSchema = z.enum(contactTopics, { error: 'Veuillez choisir un sujet.' });
export type ContactTopic = z.infer<typeof contactTopicSchema>;

export const contactTopicLabels: Record<ContactTopic, string> = {
  commercial: 'Question commerciale ou démonstration',
  support: 'Aide sur mon compte ou un calcul',
  donnees: 'Mes données personnelles',
  autre: 'Autre sujet',
};

export const CONTACT_MESSAGE_MIN_LENGTH = 10;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

/**
 * POST /api/contact/ (anyone, rate-limited per IP). `website` is a honeypot: the form hides it from people,
 * so a value means a robot filled every field; the server then answers as usual but stores nothing.
 */
export const contactMessageBodySchema = z.object({
  name: z
    .string({ error: 'Veuillez indiquer votre nom.' })
    .trim()
    .min(1, 'Veuillez indiquer votre nom.')
    .max(120, 'Le nom ne doit pas dépasser 120 caractères.'),
  email: z
    .string({ error: 'Veuillez indiquer votre adresse e-mail.' })
    .trim()
    .max(254, "L'adresse e-mail est trop longue.")
    .pipe(z.email({ error: 'Veuillez indiquer une adresse e-mail valide.' })),
  company: z.string().trim().max(160, "Le nom de l'entreprise ne doit pas dépasser 160 caractères.").default(''),
  topic: contactTopicSchema,
  message: z
    .string({ error: 'Veuillez écrire votre message.' })
    .trim()
    .min(CONTACT_MESSAGE_MIN_LENGTH, `Votre message doit contenir au moins ${CONTACT_MESSAGE_MIN_LENGTH} caractères.`)
    .max(CONTACT_MESSAGE_MAX_LENGTH, `Votre message ne doit pas dépasser ${CONTACT_MESSAGE_MAX_LENGTH} caractères.`),
  website: z.string().max(500).default(''),
});
export type ContactMessageBody = z.input<typeof contactMessageBodySchema>;

export const contactMessageResponseSchema = z.object({ received: z.literal(true) });
export type ContactMessageResponse = z.infer<typeof contactMessageResponseSchema>;

/** GET /api/admin/contact-messages?page=&pageSize= (staff and admin), newest first. */
export const adminContactMessagesQuerySchema = pageQuerySchema;
export type AdminContactMessagesQuery = z.infer<typeof adminContactMessagesQuerySchema>;

export const contactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  topic: contactTopicSchema,
  message: z.string(),
  createdAt: z.iso.datetime(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const adminContactMessagesResponseSchema = pageOf(contactMessageSchema);
export type AdminContactMessagesResponse = z.infer<typeof adminContactMessagesResponseSchema>;
