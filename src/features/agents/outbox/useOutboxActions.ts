/** What a chat screen does with its waiting messages: edit, cancel (the text back in the box), send again. */
import { useCallback } from 'react';
import type { OutboxRow } from '../../../db';
import { editQueued, removeQueued, retryQueued } from './outbox.store';
import { requestOutboxSync } from './outbox-sync';

export function useOutboxActions(putBackInComposer: (text: string) => void) {
  const onEdit = useCallback(async (row: OutboxRow, text: string) => {
    await editQueued(row.id, text);
    requestOutboxSync();
  }, []);
  const onCancel = useCallback(
    (row: OutboxRow) => {
      void removeQueued(row.id).then((removed) => {
        if (removed) putBackInComposer(removed.text);
      });
    },
    [putBackInComposer],
  );
  const onRetry = useCallback((row: OutboxRow) => {
    void retryQueued(row.id).then(requestOutboxSync);
  }, []);
  return { onEdit, onCancel, onRetry };
}
