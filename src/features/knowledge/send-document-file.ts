/**
 * One file into the space's knowledge base through the signed upload (sign, send the bytes,
 * commit): the knowledge base's upload list and the composer's attachments both send this way.
 * With no category the server categorises the document itself.
 */
import { sendSignedUpload, type SignedUploadHooks } from '../uploads/signed-upload';
import { knowledgeApi } from './knowledge.api';

export function sendDocumentFile(file: File, hash: string, category: string | null, hooks: SignedUploadHooks) {
  return sendSignedUpload(
    file,
    {
      sign: () => knowledgeApi.signUpload(file.name, file.type, file.size),
      commit: (stored) =>
        knowledgeApi.commitUpload({
          object_path: stored.objectPath,
          filename: file.name,
          size: file.size,
          mime: stored.contentType,
          hash,
          auto_categorized: !category,
          category,
          subcategory: null,
        }),
    },
    hooks,
  );
}
