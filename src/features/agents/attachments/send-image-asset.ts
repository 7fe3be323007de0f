/**
 * An image attached in the message box goes into Creative Assets (the team's library of images),
 * not the knowledge base (which reads documents' words and refuses images), and is attached to the
 * message as an asset, as if picked with "Attach assets" (docs/agents.md "Files from your
 * computer"). The same signed upload and checks as the Creative Assets screen; an image the space
 * already holds (same bytes) is attached as that asset, not uploaded again.
 */
import { resolveAssetFileType } from '../../../contract/asset-types';
import { assetsApi } from '../../assets/assets.api';
import { saveAsset } from '../../assets/assets.queries';
import { sendSignedUpload } from '../../uploads/signed-upload';

/** Whether a file attached in the message box goes to Creative Assets: an image it keeps. */
export function isImageForAssets(file: Pick<File, 'name' | 'type'>): boolean {
  return resolveAssetFileType(file.name, file.type)?.kind === 'image';
}

export interface SentImage {
  assetId: string;
  /** False when the space already held it: removing the chip then deletes nothing. */
  created: boolean;
}

/** Uploads `file` (SHA-256 `hash`) as an asset of the space, or finds the one with the same bytes. */
export async function sendImageAsset(file: File, hash: string, spaceId: string, hooks: { signal: AbortSignal; onProgress(percent: number): void }): Promise<SentImage> {
  const known = await assetsApi.checkHashes([hash]).catch(() => null);
  const existing = known?.existing.find((entry) => entry.hash.toLowerCase() === hash);
  if (existing) return { assetId: existing.asset_id, created: false };
  const asset = await sendSignedUpload(
    file,
    {
      sign: () => assetsApi.signUpload(file.name, file.type, file.size),
      commit: (stored) => assetsApi.commitUpload({ object_path: stored.objectPath, filename: file.name, size: file.size, mime: stored.contentType, hash }),
    },
    hooks,
  );
  await saveAsset(spaceId, asset);
  return { assetId: asset.id, created: true };
}
