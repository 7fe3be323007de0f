/**
 * "Save to assets" on an agent's reply: keeps it as a text asset in Creative Assets. A reply with
 * concepts or variants (the creative agent's, an email's subject lines) can instead be kept one
 * asset per variant, ready to test against each other.
 */
import { ArchiveIcon, CheckIcon } from '@radix-ui/react-icons';
import { IconButton, Tooltip } from '@radix-ui/themes';
import { DropdownMenu } from '../../../ui/DropdownMenu';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { copyVariantsOf } from '../../../contract/copy-variants';
import { useOnline } from '../../../pwa';
import { saveReplyToAssets } from '../assets.store';

interface SaveToAssetsButtonProps {
  messageId: string;
  content: string;
}

export function SaveToAssetsButton({ messageId, content }: SaveToAssetsButtonProps) {
  const online = useOnline();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const variants = useMemo(() => copyVariantsOf(content).length, [content]);

  const save = async (split: 'whole' | 'variants') => {
    setBusy(true);
    try {
      const assets = await saveReplyToAssets(messageId, split);
      if (!assets || assets.length === 0) return;
      setSaved(true);
      const first = assets[0]!;
      toast.success(assets.length === 1 ? `Saved to Creative Assets as "${first.name}"` : `Saved ${assets.length} variants to Creative Assets`, {
        action: { label: 'Open', onClick: () => void navigate(`/assets?asset=${encodeURIComponent(first.id)}`) },
      });
    } finally {
      setBusy(false);
    }
  };

  const label = !online ? 'Saving to assets needs a connection' : saved ? 'Saved to assets' : 'Save to assets';
  const icon = saved ? <CheckIcon /> : <ArchiveIcon />;
  if (variants < 2) {
    return (
      <Tooltip content={label}>
        <IconButton size="1" variant="ghost" color="gray" aria-label="Save to assets" className="chat-action" disabled={!online || busy} onClick={() => void save('whole')}>
          {icon}
        </IconButton>
      </Tooltip>
    );
  }
  return (
    <DropdownMenu.Root>
      <Tooltip content={label}>
        <DropdownMenu.Trigger disabled={!online || busy}>
          <IconButton size="1" variant="ghost" color="gray" aria-label="Save to assets" className="chat-action">
            {icon}
          </IconButton>
        </DropdownMenu.Trigger>
      </Tooltip>
      <DropdownMenu.Content>
        <DropdownMenu.Item onSelect={() => void save('whole')}>Save the whole reply</DropdownMenu.Item>
        <DropdownMenu.Item onSelect={() => void save('variants')}>Save each of the {variants} variants</DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
