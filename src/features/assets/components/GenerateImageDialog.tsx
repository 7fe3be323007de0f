/** Describe a picture, choose its shape, and the image model makes it (shown only when one is configured). */
import { MagicWandIcon } from '@radix-ui/react-icons';
import { Button, Dialog, Flex, RadioCards, Text, TextArea } from '@radix-ui/themes';
import { useState } from 'react';
import { ASSET_LIMITS, IMAGE_SHAPES, type ImageShape } from '../../../contract/assets';
import { formatNumber } from '../../../contract/format';

const SHAPE_LABELS: Record<ImageShape, string> = { square: 'Square', landscape: 'Landscape', portrait: 'Portrait' };

interface GenerateImageDialogProps {
  open: boolean;
  credits: number;
  model: string | null;
  busy: boolean;
  onOpenChange(open: boolean): void;
  onGenerate(prompt: string, shape: ImageShape): Promise<boolean>;
}

export function GenerateImageDialog({ open, credits, model, busy, onOpenChange, onGenerate }: GenerateImageDialogProps) {
  const [prompt, setPrompt] = useState('');
  const [shape, setShape] = useState<ImageShape>('square');
  const submit = async () => {
    if (await onGenerate(prompt.trim(), shape)) {
      setPrompt('');
      onOpenChange(false);
    }
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <Dialog.Content maxWidth="520px">
        <Dialog.Title>Generate an image</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          Describe the picture: subject, setting, light, style. It is added to your library as a generated asset.
        </Dialog.Description>
        <Flex direction="column" gap="3">
          <label className="asset-field">
            <Text size="2" weight="medium">
              Prompt
            </Text>
            <TextArea
              rows={4}
              value={prompt}
              maxLength={ASSET_LIMITS.promptMax}
              disabled={busy}
              placeholder="A flat lay of spring stationery on a pale green desk, soft morning light"
              onChange={(event) => setPrompt(event.target.value)}
            />
          </label>
          <Flex direction="column" gap="2">
            <Text size="2" weight="medium" id="shape-label">
              Shape
            </Text>
            <RadioCards.Root value={shape} onValueChange={(value) => setShape(value as ImageShape)} columns="3" size="1" aria-labelledby="shape-label">
              {IMAGE_SHAPES.map((option) => (
                <RadioCards.Item key={option} value={option} disabled={busy}>
                  {SHAPE_LABELS[option]}
                </RadioCards.Item>
              ))}
            </RadioCards.Root>
          </Flex>
          <Text size="1" color="gray">
            Costs {formatNumber(credits)} credits{model ? ` · ${model}` : ''}. Refunded if no image is made.
          </Text>
          {busy ? (
            <Text size="2" role="status">
              Generating… this can take up to a minute.
            </Text>
          ) : null}
        </Flex>
        <Flex gap="3" mt="4" justify="end">
          <Dialog.Close>
            <Button variant="soft" color="gray" disabled={busy}>
              Cancel
            </Button>
          </Dialog.Close>
          <Button onClick={() => void submit()} loading={busy} disabled={!prompt.trim()}>
            <MagicWandIcon /> Generate
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
