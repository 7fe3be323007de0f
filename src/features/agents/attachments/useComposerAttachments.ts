/**
 * The message box's attached files as the screen shows them, and what they mean for Send: the
 * documents still being processed are read from the device (the knowledge base's status stream and
 * poll write them there), and each one that finishes is settled (attachments.store.ts).
 */
import { useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSnapshot } from 'valtio';
import { db } from '../../../db';
import { composerAttachments, settleAttachment, type ComposerAttachment } from './attachments.store';

export interface ComposerAttachments {
  items: readonly ComposerAttachment[];
  /** Files still reading, uploading or processing: the message waits for them (not for images already attached). */
  pending: number;
  failed: number;
}

export function useComposerAttachments(contextKey: string): ComposerAttachments {
  const { byKey } = useSnapshot(composerAttachments);
  const items = byKey[contextKey] ?? [];
  const processing = items.filter((entry) => entry.phase === 'processing' && entry.documentId !== null);
  const ids = processing.map((entry) => entry.documentId!).join(',');
  const rows = useLiveQuery(async () => (ids ? db.documents.bulkGet(ids.split(',')) : []), [ids]);

  useEffect(() => {
    for (const row of rows ?? []) {
      if (!row || (row.status !== 'ready' && row.status !== 'error')) continue;
      for (const entry of composerAttachments.byKey[contextKey] ?? []) {
        if (entry.documentId === row.id) settleAttachment(contextKey, entry.key, row);
      }
    }
  }, [rows, contextKey]);

  const failed = items.filter((entry) => entry.phase === 'failed').length;
  const attached = items.filter((entry) => entry.phase === 'attached').length;
  return { items, pending: items.length - failed - attached, failed };
}
