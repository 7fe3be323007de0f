/**
 * Generated images (docs/assets.md "Image generation"): the prompt goes to the configured image
 * model through the AI SDK (server/src/llm/image-generation.ts); the picture becomes an asset with
 * source 'generated' and the prompt as its description, thumbnailed like an upload. It costs
 * IMAGE_GENERATION_CREDITS, charged before the model is called and refunded if it fails.
 */
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ASSET_ERROR_CODES, ASSET_LIMITS, ASSET_TEXT, IMAGE_GENERATION_CREDITS, type Asset, type ImageShape } from '../../../../src/contract/assets';
import { API_ERROR_CODES } from '../../../../src/contract/errors';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import { assets } from '../../db/schema/index';
import { AppError, MESSAGES, paymentRequired } from '../../errors';
import { chooseImageModel, generateImageBytes, ImageGenerationError, type GeneratedImage } from '../../llm/image-generation';
import { newServerAssetPath } from '../../storage/object-paths';
import type { ObjectStorage } from '../../storage/object-storage';
import { refundDebit } from '../billing/ledger';
import { spendCredits } from '../billing/spending';
import { validationError } from './asset-errors';
import { viewOf } from './assets.service';

export interface GenerateImageInput {
  orgId: string;
  spaceId: string;
  userId: string;
  prompt: string;
  shape: ImageShape;
  name?: string;
}

/**
 * What the model sent, from the bytes' own signature (the SDK's media type falls back to PNG for
 * anything it does not recognise): PNG, JPEG and WebP are kept; anything else is refused and refunded.
 */
function sniffImage(bytes: Uint8Array): { mime: string; extension: string } | null {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return { mime: 'image/png', extension: 'png' };
  if (starts(0xff, 0xd8, 0xff)) return { mime: 'image/jpeg', extension: 'jpg' };
  if (starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...bytes.slice(8, 12)) === 'WEBP') return { mime: 'image/webp', extension: 'webp' };
  return null;
}

/** "A bright spring flat lay with…" → a short name the grid can show. */
function nameFromPrompt(prompt: string): string {
  const words = prompt.replace(/\s+/g, ' ').trim();
  return words.length <= 60 ? words : `${words.slice(0, 59).replace(/\s+\S*$/, '')}…`;
}

function fileNameFor(name: string, extension: string): string {
  const base = name.replace(/…$/, '').replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'generated-image';
  return `${base}.${extension}`;
}

/** Whether this server can generate images, and with which model (for GET /assets/capabilities). */
export function imageGenerationCapability(config: AppConfig) {
  const choice = chooseImageModel(config.llm);
  return { available: choice !== null, model: choice ? `${choice.provider}:${choice.model}` : null, credits: IMAGE_GENERATION_CREDITS };
}

export async function generateImageAsset(
  deps: { config: AppConfig; db: Db; storage: ObjectStorage },
  input: GenerateImageInput,
  enqueueThumbnail: (assetId: string) => Promise<unknown>,
): Promise<Asset> {
  const { config, db, storage } = deps;
  const choice = chooseImageModel(config.llm);
  if (!choice) throw new AppError(409, ASSET_TEXT.imageGenerationUnavailable, ASSET_ERROR_CODES.imageGenerationUnavailable);
  const prompt = input.prompt.trim();
  if (!prompt) throw validationError('prompt', 'Describe the image you want');
  if (prompt.length > ASSET_LIMITS.promptMax) throw validationError('prompt', `A prompt can be at most ${ASSET_LIMITS.promptMax} characters`);
  const name = input.name?.trim().slice(0, ASSET_LIMITS.nameMax) || nameFromPrompt(prompt);

  const generationId = randomUUID();
  const charge = await spendCredits(
    db,
    {
      orgId: input.orgId,
      spaceId: input.spaceId,
      userId: input.userId,
      credits: IMAGE_GENERATION_CREDITS,
      baseCredits: IMAGE_GENERATION_CREDITS,
      feature: 'image_generation',
      activity: name.slice(0, 50),
      activityDetails: `Image generated with ${choice.provider}:${choice.model}`,
      relatedTo: { type: 'asset_generation', id: generationId },
      idempotencyKey: `image_generation:${generationId}`,
    },
    {
      requireActivePlan: true,
      insufficient: (required, remaining) => paymentRequired(MESSAGES.insufficientCreditsFor(required, remaining), API_ERROR_CODES.insufficientCredits),
    },
  );
  const refundAndFail = async (reason: string): Promise<never> => {
    await refundDebit(db, charge.row.id, 'Image generation failed');
    throw new AppError(502, `${reason} Your ${IMAGE_GENERATION_CREDITS} credits were refunded; try again, or change the prompt.`, ASSET_ERROR_CODES.imageGenerationFailed);
  };

  let image: GeneratedImage;
  try {
    image = await generateImageBytes(config.llm, choice, { prompt, shape: input.shape });
  } catch (error) {
    return refundAndFail(error instanceof ImageGenerationError ? error.message : 'The image model could not be reached.');
  }
  const kept = sniffImage(image.bytes);
  if (!kept) return refundAndFail('The image model sent back something that is not a PNG, JPEG or WebP picture.');

  const bytes = Buffer.from(image.bytes);
  const objectPath = newServerAssetPath(input.spaceId, fileNameFor(name, kept.extension));
  await storage.put(objectPath, bytes, kept.mime);
  const [row] = await db
    .insert(assets)
    .values({
      spaceId: input.spaceId,
      createdBy: input.userId,
      name,
      kind: 'image',
      mimeType: kept.mime,
      sizeBytes: bytes.length,
      hash: createHash('sha256').update(bytes).digest('hex'),
      objectPath,
      source: 'generated',
      sourceRef: generationId,
      status: 'processing',
      description: prompt,
      tags: ['generated'],
      createdAt: sql`now()`,
    })
    .returning();
  await enqueueThumbnail(row!.id);
  return viewOf(db, row!);
}
