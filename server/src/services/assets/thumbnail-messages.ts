/**
 * What an asset's error_message says when its thumbnail could not be made (docs/assets.md
 * "Limits and the sandbox"). Each names the limit it hit and says what to do.
 */
import { formatBytes } from '../../../../src/contract/format';

const count = (value: number) => value.toLocaleString('en-GB');
const megapixels = (pixels: number) => count(Math.round(pixels / 1_000_000));

/** A file that cannot be read: the asset ends in error with this message (never retried). */
export class UnreadableAssetError extends Error {
  override name = 'UnreadableAssetError';
}

export const THUMBNAIL_MESSAGES = {
  imageBroken:
    'This image could not be read: the file is damaged or is not really an image of its type. Export it again from your design tool and upload the new copy.',
  tooManyPixels: (width: number, height: number, limit: number) =>
    `This image is ${count(width)} × ${count(height)} pixels (${megapixels(width * height)} megapixels); Mosaic makes previews of images up to ${megapixels(limit)} megapixels. Resize it and upload it again.`,
  inputTooLarge: (limit: number) => `This file is larger than the ${formatBytes(limit)} limit for one asset. Compress it and upload it again.`,
  pdfPassword: 'This PDF is password-protected, so no preview can be made. Remove the password, then upload it again.',
  pdfBroken: 'This PDF could not be read: the file is damaged or is not a real PDF. Export it again and upload the new copy.',
  documentBroken: 'This document could not be read: the file is damaged or is not of the type its name says. Save it again and upload the new copy.',
  memory: (limitMb: number) =>
    `Making a preview of this file needed more than the ${formatBytes(limitMb * 1024 * 1024)} of memory allowed for one asset, so it was stopped. Export a smaller or simpler version and upload it again.`,
  time: (seconds: number) =>
    `Making a preview of this file took longer than the ${count(seconds)}-second limit for one asset, so it was stopped. Export a smaller or simpler version and upload it again.`,
  crashed: 'Making a preview of this file stopped the image reader unexpectedly. Open it on your computer, export it again and upload the new copy.',
  unexpected: 'No preview could be made of this file. Open it on your computer, export it again and upload the new copy.',
  stoppedTwice:
    'Making a preview stopped twice while this file was being read (the server was stopped or restarted), so it was not tried again. Delete the asset and upload it again.',
  failedAfterRetries: 'Making a preview failed after several attempts. Delete the asset and upload it again; if it keeps failing, contact support.',
} as const;
