import type { ChatbotResponse, ChatbotStreamEvent } from '@pilote/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { Actor } from '../auth/session.ts';
import { requireUser } from '../auth/session.ts';
import type { Quota } from '../plans/quota.ts';
import { type ChatEngine, createRetrievalEngine, DONT_KNOW_ANSWER, type EngineInput } from './engine.ts';
import type { Retrieval } from './retrieval.ts';

export { DONT_KNOW_ANSWER } from './engine.ts';

export interface ChatbotInput {
  message: string;
  history?: EngineInput['history'];
}

export interface StreamOptions {
  /** Aborted when the caller goes away: the engine's upstream call is cancelled. */
  signal?: AbortSignal;
  /** Sees an error that ended a stream already under way (the route logs it). */
  onError?: (error: unknown) => void;
}

/** The `error` event of a stream that failed after it started: the same `{ error, code }` as an HTTP answer. */
function errorEvent(error: unknown): ChatbotStreamEvent {
  const appError = error instanceof AppError ? error : new AppError('INTERNAL_ERROR');
  return { type: 'error', status: appError.statusCode, error: appError.message, code: appError.code };
}

/**
 * The chatbot (ADR 0035, 0036, 0037): one unit of the plan's `chatbot_messages` quota per message (given back when
 * the engine fails), the passages retrieved from the product's own knowledge and the caller's own last simulation
 * and optimisation (retrieval.ts), then the engine's answer from them. With no passage the answer is "I do not
 * know" and no engine is called. The only user data ever read is the caller's own.
 */
export function createChatbotService({
  retrieval,
  quota,
  engine = createRetrievalEngine(),
}: {
  retrieval: Retrieval;
  quota: Quota;
  engine?: ChatEngine;
}) {
  async function engineInput(actor: Actor | null, input: ChatbotInput): Promise<EngineInput> {
    // The caller's last question before this one: the context of a follow-up (retrieval.ts).
    const previousQuestion = (input.history ?? []).findLast((item) => item.role === 'user')?.content;
    const hits = await retrieval.retrieve(actor, input.message, previousQuestion);
    return {
      message: input.message,
      history: input.history ?? [],
      passages: hits.map((hit) => hit.passage),
    };
  }

  return {
    engine: engine.name,

    /** `signal`: aborted when the caller goes away, so that the engine's upstream call is cancelled. */
    async answer(actor: Actor | null, input: ChatbotInput, signal?: AbortSignal): Promise<ChatbotResponse> {
      const user = requireUser(actor);
      return quota.run(user.user.id, 'chatbot_messages', async () => {
        const request = await engineInput(actor, input);
        if (request.passages.length === 0) {
          return { response: DONT_KNOW_ANSWER, sources: [] };
        }
        return engine.answer(request, signal);
      });
    },

    /**
     * The same answer as a stream of events. Resolves once the engine has produced its first event, so that a
     * refusal (quota) or an engine failing before its first word is an ordinary HTTP error; a failure after that
     * becomes a final `error` event. Either way the unit of quota is given back.
     */
    async stream(
      actor: Actor | null,
      input: ChatbotInput,
      options: StreamOptions = {},
    ): Promise<AsyncIterable<ChatbotStreamEvent>> {
      const user = requireUser(actor);
      const consumption = await quota.consume(user.user.id, 'chatbot_messages');
      try {
        const request = await engineInput(actor, input);
        if (request.passages.length === 0) {
          return (async function* () {
            yield { type: 'delta', text: DONT_KNOW_ANSWER } as const;
            yield { type: 'done', response: DONT_KNOW_ANSWER, sources: [] } as const;
          })();
        }
        const events = engine.stream(request, options.signal)[Symbol.asyncIterator]();
        const first = await events.next();
        return (async function* () {
          try {
            let next = first;
            while (!next.done) {
              yield next.value;
              next = await events.next();
            }
          } catch (error) {
            await consumption.refund();
            options.onError?.(error);
            yield errorEvent(error);
          } finally {
            await events.return?.();
          }
        })();
      } catch (error) {
        await consumption.refund();
        throw error;
      }
    },
  };
}

export type ChatbotService = ReturnType<typeof createChatbotService>;
