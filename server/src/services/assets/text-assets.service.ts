/**
 * Text assets: finished copy kept as Markdown (docs/assets.md "Text assets"). Agent Mode
 * deliverables and chat replies land here through createTextAsset; a reply with concepts or
 * variants can be kept one asset per variant (src/contract/copy-variants.ts).
 */
import { createHash } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { agentLabel } from '../../../../src/contract/agent-names';
import { ASSET_LIMITS, type Asset, type AssetSource } from '../../../../src/contract/assets';
import { copyVariantsOf } from '../../../../src/contract/copy-variants';
import type { Db, DbExecutor } from '../../db/database';
import { isUuid } from '../../db/ids';
import { assets, chatMessages, chatSessions } from '../../db/schema/index';
import { AppError, notFound } from '../../errors';
import { cleanTags, viewOf } from './assets.service';
import { isUniqueViolation } from '../../db/errors';
import { duplicateAsset, validationError } from './asset-errors';

export interface CreateTextAssetInput {
  spaceId: string;
  /** Who it is saved for (decides who may delete it); null for work no person started. */
  createdBy: string | null;
  name: string;
  /** Markdown. */
  content: string;
  source: AssetSource;
  /** What made it: the Agent Mode run id, the chat message id, … */
  sourceRef?: string | null;
  tags?: readonly string[];
  description?: string | null;
  /**
   * When the same content (same SHA-256) is already a live asset of the space: 'reject' answers
   * 409 naming it (a person saving twice); 'return-existing' answers that asset (a retried job
   * saving its deliverable again stays idempotent). Default 'reject'.
   */
  onDuplicate?: 'reject' | 'return-existing';
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

async function liveByHash(db: DbExecutor, spaceId: string, hash: string) {
  const [row] = await db
    .select()
    .from(assets)
    .where(and(eq(assets.spaceId, spaceId), eq(assets.hash, hash), ne(assets.status, 'error')));
  return row;
}

/**
 * Creates a text asset (kind 'text', text/markdown, ready at once: it needs no thumbnail) and
 * answers it as the API would. Checks the name and content limits (422) and duplicates (see
 * onDuplicate). The caller has already checked that `createdBy` may work in `spaceId`.
 */
export async function createTextAsset(db: DbExecutor, input: CreateTextAssetInput): Promise<Asset> {
  const name = input.name.trim().slice(0, ASSET_LIMITS.nameMax);
  if (!name) throw validationError('name', 'Name is required');
  const content = input.content.replace(/\r\n?/g, '\n').trim();
  if (!content) throw validationError('content', 'The text is empty: there is nothing to save');
  if (content.length > ASSET_LIMITS.textContentMax) {
    throw validationError('content', `Text assets hold at most ${ASSET_LIMITS.textContentMax.toLocaleString('en-GB')} characters`);
  }
  const description = input.description?.trim().slice(0, ASSET_LIMITS.descriptionMax) || null;
  const tags = cleanTags(input.tags ?? []);
  const hash = sha256(content);
  const found = await liveByHash(db, input.spaceId, hash);
  if (found) {
    if (input.onDuplicate === 'return-existing') return viewOf(db, found);
    throw duplicateAsset(found.name);
  }
  try {
    const [row] = await db
      .insert(assets)
      .values({
        spaceId: input.spaceId,
        createdBy: input.createdBy,
        name,
        kind: 'text',
        mimeType: 'text/markdown',
        sizeBytes: Buffer.byteLength(content, 'utf8'),
        hash,
        source: input.source,
        sourceRef: input.sourceRef ?? null,
        status: 'ready',
        description,
        tags,
        content,
      })
      .returning();
    return viewOf(db, row!);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await liveByHash(db, input.spaceId, hash);
    if (winner && input.onDuplicate === 'return-existing') return viewOf(db, winner);
    throw duplicateAsset(winner?.name ?? name);
  }
}

export const NO_VARIANTS_MESSAGE = 'This reply has no concepts or variants to keep one by one. Save the whole reply instead.';

/**
 * Keeps an agent's reply (a message of this space's chats) as text asset(s): the whole reply, or
 * each of its copy variants. The server reads the reply itself, so what is saved is what the
 * agent wrote. All-or-nothing: one transaction, and a variant already kept refuses the whole save.
 */
export async function saveReplyAsAssets(
  db: Db,
  input: { spaceId: string; userId: string; messageId: string; split: 'whole' | 'variants' },
): Promise<Asset[]> {
  if (!isUuid(input.messageId)) throw notFound('Message not found');
  const [reply] = await db
    .select({ id: chatMessages.id, content: chatMessages.content, role: chatMessages.role, title: chatSessions.title, agentSlug: chatSessions.agentSlug })
    .from(chatMessages)
    .innerJoin(chatSessions, eq(chatSessions.id, chatMessages.sessionId))
    .where(and(eq(chatMessages.id, input.messageId), eq(chatMessages.spaceId, input.spaceId), isNull(chatSessions.deletedAt)));
  if (!reply) throw notFound('Message not found');
  if (reply.role !== 'assistant') throw new AppError(422, 'Only an agent\'s reply can be saved to assets', 'VALIDATION_ERROR');
  const agent = agentLabel(reply.agentSlug);
  const base = { spaceId: input.spaceId, createdBy: input.userId, source: 'chat' as const, sourceRef: reply.id };
  if (input.split === 'whole') {
    return [await createTextAsset(db, { ...base, name: `${agent}: ${reply.title}`, content: reply.content, tags: [agent] })];
  }
  const variants = copyVariantsOf(reply.content);
  if (variants.length === 0) throw new AppError(422, NO_VARIANTS_MESSAGE, 'NO_VARIANTS');
  return db.transaction(async (tx) => {
    const saved: Asset[] = [];
    for (const variant of variants) {
      saved.push(
        await createTextAsset(tx, {
          ...base,
          name: variant.title,
          content: variant.body,
          description: `From ${agent}: ${reply.title}`,
          tags: [agent, 'copy variant'],
        }),
      );
    }
    return saved;
  });
}

