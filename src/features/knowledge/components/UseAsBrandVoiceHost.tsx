import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AlertDialog, Button } from '@radix-ui/themes';
import { toast } from 'sonner';
import { useSnapshot } from 'valtio';
import { BRAND_VOICE_MAX_CHARS } from '../../../contract/agents';
import { formatNumber } from '../../../contract/format';
import { DialogActions } from '../../../ui/DialogActions';
import {
  brandVoiceIsWritten,
  brandVoiceUse,
  finishBrandVoiceUse,
  registerBrandVoiceHost,
  setBrandVoiceFrom,
  type BrandVoiceSource,
} from '../brand-voice-use';
import { knowledgeErrorMessage } from '../knowledge-errors';

/** Where the brand voice is read and edited. */
export const BRAND_VOICE_REVIEW_PATH = '/workspace-settings#brand-voice';

/**
 * Carries out "Use as brand voice" for the screen: sets it straight away when the organisation has
 * none, asks first when one is written (no silent overwrite), then says how it went, with the way
 * to review it.
 */
export function UseAsBrandVoiceHost() {
  const { request } = useSnapshot(brandVoiceUse);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<BrandVoiceSource | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => registerBrandVoiceHost(), []);

  const save = useCallback(
    async (source: BrandVoiceSource) => {
      setSaving(true);
      try {
        const draft = await setBrandVoiceFrom(source);
        toast.success(`Brand voice set from “${draft.filename}”`, {
          description: draft.cut
            ? `Only its first ${formatNumber(BRAND_VOICE_MAX_CHARS)} characters fit in a brand voice. Review it to tidy the end.`
            : 'Every agent follows it from the next message.',
          action: { label: 'Review brand voice', onClick: () => void navigate(BRAND_VOICE_REVIEW_PATH) },
        });
      } catch (error) {
        toast.error('The brand voice was not changed', { description: knowledgeErrorMessage(error) });
      } finally {
        setSaving(false);
        setConfirming(null);
        finishBrandVoiceUse();
      }
    },
    [navigate],
  );

  useEffect(() => {
    if (!request) return;
    const source = { id: request.id, filename: request.filename };
    let current = true;
    brandVoiceIsWritten().then(
      (written) => {
        if (!current) return;
        if (written) setConfirming(source);
        else void save(source);
      },
      (error: unknown) => {
        if (!current) return;
        toast.error('The brand voice was not changed', { description: knowledgeErrorMessage(error) });
        finishBrandVoiceUse();
      },
    );
    return () => {
      current = false;
    };
  }, [request, save]);

  const cancel = () => {
    setConfirming(null);
    finishBrandVoiceUse();
  };

  return (
    <AlertDialog.Root open={confirming !== null} onOpenChange={(open) => !open && !saving && cancel()}>
      <AlertDialog.Content maxWidth="460px">
        <AlertDialog.Title>Replace the brand voice?</AlertDialog.Title>
        <AlertDialog.Description size="2">
          Your organisation already has a brand voice. The text of “{confirming?.filename}” will replace it, and every agent in every space will
          follow the new one. You can review and edit it in Workspace Settings afterwards.
        </AlertDialog.Description>
        <DialogActions dialog="alert" cancelDisabled={saving} mt="4">
          <Button loading={saving} onClick={() => confirming && void save(confirming)}>
            Replace brand voice
          </Button>
        </DialogActions>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
