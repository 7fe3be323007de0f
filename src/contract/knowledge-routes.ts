/**
 * The knowledge-base endpoints' methods and paths (spec 001 §7; docs/knowledge.md), by the names
 * knowledge-endpoints.ts declares their schemas under. No schemas here: the Knowledge Base screen
 * and the chat's sources call through these without loading the schema library (endpoint.ts).
 */
import type { KnowledgeDeclarations } from './knowledge-endpoints';
import { routesFor } from './endpoint';

export const KNOWLEDGE_ROUTES = routesFor<KnowledgeDeclarations>()({
  checkHashes: ['POST', '/kb/hashes/check'],
  documents: ['GET', '/kb/documents'],
  signUpload: ['POST', '/kb/uploads/sign'],
  commitUpload: ['POST', '/kb/uploads/commit'],
  documentStatus: ['GET', '/kb/documents/:id/status'],
  documentStream: ['GET', '/kb/documents/stream'],
  deleteDocument: ['DELETE', '/kb/documents/:id'],
  search: ['GET', '/kb/search'],
  documentText: ['GET', '/kb/documents/:id/text'],
  downloadLink: ['GET', '/kb/documents/:id/download'],
  // The local-disk storage's signed URLs, for documents and creative assets alike (server/src/storage/local-disk.ts).
  uploadTarget: ['PUT', '/kb/uploads/target'],
  downloadFile: ['GET', '/kb/downloads/file'],
});
