/**
 * Creative Assets environment variables (docs/assets.md "Environment"). config.ts merges this
 * shape into its one schema, so every variable is still read and checked once at start-up.
 */
import { z } from 'zod';
import { DEFAULT_ASSET_MAX_UPLOAD_BYTES } from '../../../src/contract/asset-types';

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const assetsEnvShape = {
  ASSETS_MAX_UPLOAD_BYTES: optional(z.coerce.number().int().min(1)).default(DEFAULT_ASSET_MAX_UPLOAD_BYTES),
  // 60 megapixels: every camera and design export a team uses; a decompression bomb is refused
  // from its header before a pixel is decoded.
  ASSETS_THUMB_MAX_PIXELS: optional(z.coerce.number().int().min(1)).default(60_000_000),
  ASSETS_THUMB_MAX_MEMORY_MB: optional(z.coerce.number().int().min(64).max(65_536)).default(512),
  ASSETS_THUMB_TIMEOUT_SECONDS: optional(z.coerce.number().positive().max(3600)).default(60),
  // One at a time per process: thumbnailing is CPU-bound, and the API keeps the other core.
  ASSETS_THUMB_CONCURRENCY: optional(z.coerce.number().int().min(1).max(16)).default(1),
  // Five minutes: long enough to start a download or open a PDF, short if the link is passed on.
  ASSETS_DOWNLOAD_URL_TTL_SECONDS: optional(z.coerce.number().int().min(10).max(24 * 3600)).default(300),
};

type AssetsEnv = z.output<z.ZodObject<typeof assetsEnvShape>>;

/** Limits of making one asset's thumbnail in the sandbox. */
export interface ThumbnailLimits {
  maxInputBytes: number;
  maxPixels: number;
  maxMemoryMb: number;
  timeoutSeconds: number;
}

export interface AssetsConfig {
  maxUploadBytes: number;
  downloadUrlTtlSeconds: number;
  thumbnail: ThumbnailLimits;
  thumbnailConcurrency: number;
}

export function assetsConfigFrom(values: AssetsEnv): AssetsConfig {
  return {
    maxUploadBytes: values.ASSETS_MAX_UPLOAD_BYTES,
    downloadUrlTtlSeconds: values.ASSETS_DOWNLOAD_URL_TTL_SECONDS,
    thumbnail: {
      maxInputBytes: values.ASSETS_MAX_UPLOAD_BYTES,
      maxPixels: values.ASSETS_THUMB_MAX_PIXELS,
      maxMemoryMb: values.ASSETS_THUMB_MAX_MEMORY_MB,
      timeoutSeconds: values.ASSETS_THUMB_TIMEOUT_SECONDS,
    },
    thumbnailConcurrency: values.ASSETS_THUMB_CONCURRENCY,
  };
}
