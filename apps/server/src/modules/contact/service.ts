import type {
  AdminContactMessagesQuery,
  AdminContactMessagesResponse,
  ContactTopic,
  UserRole,
} from '@pilote/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { type Actor, requireRole } from '../auth/session.ts';
import { findContactMessages, insertContactMessage } from './repository.ts';

/** Staff and admins read the messages (ADR 0009: staff reads, admins also change things). */
const READERS: readonly UserRole[] = ['staff', 'admin'];

export interface ContactInput {
  name: string;
  email: string;
  company: string;
  topic: ContactTopic;
  message: string;
  /** Honeypot: hidden from people; any value means a robot filled the form. */
  website: string;
}

export function createContactService({ db, logger }: { db: Database; logger?: FastifyBaseLogger }) {
  return {
    /** Stores the message; a filled honeypot is answered the same way (robots learn nothing) but not stored. */
    async submit(input: ContactInput): Promise<{ stored: boolean }> {
      if (input.website.trim() !== '') {
        logger?.info('contact message dropped: honeypot filled');
        return { stored: false };
      }
      await insertContactMessage(db, {
        name: input.name,
        email: input.email.toLowerCase(),
        company: input.company,
        topic: input.topic,
        message: input.message,
      });
      return { stored: true };
    },

    async list(actor: Actor | null, query: AdminContactMessagesQuery): Promise<AdminContactMessagesResponse> {
      requireRole(actor, READERS);
      const { rows, total } = await findContactMessages(db, {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return {
        items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
