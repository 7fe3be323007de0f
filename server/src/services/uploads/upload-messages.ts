/**
 * Texts of the signed-upload flow, the same for a knowledge document and a creative asset
 * (docs/knowledge.md "Endpoints", docs/assets.md "Uploads"): the upload link and what commit finds
 * in storage. What a refused file type or a duplicate says is each area's own.
 */
export const UPLOAD_MESSAGES = {
  fileTooLarge: (limit: string) => `This file is larger than the ${limit} upload limit.`,
  uploadLinkInvalid: 'This upload link is not valid. Request a new upload link and try again.',
  uploadLinkExpired: 'This upload link has expired. Request a new upload link and try again.',
  uploadContentTypeMismatch: 'The Content-Type header does not match the one this upload link was signed for.',
  uploadLinkUsed: 'This upload link has already been used. Request a new upload link to upload the file again.',
  uploadChanged: 'The uploaded file changed or disappeared while it was being saved. Upload it again.',
  foreignObjectPath: 'This upload does not belong to the current space.',
  uploadMissing: 'The file was not found in storage. Upload it to the signed URL first, then commit.',
  sizeMismatch: (stored: number, declared: number) => `The stored file is ${stored} bytes, not the ${declared} bytes declared. Upload it again.`,
  hashMismatch: 'The uploaded file does not match its SHA-256 hash; it may have been damaged on the way. Upload it again.',
} as const;
