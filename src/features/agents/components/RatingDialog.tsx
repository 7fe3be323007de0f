/**
 * Optional details of a rating already recorded (spec 001 §3 Message): categories and a note. It
 * opens only when asked ("Add details" beside the thumbs), never on the thumb click itself.
 */
import { useState } from 'react';
import { Button, CheckboxCards, Dialog, Flex, Text, TextArea } from '@radix-ui/themes';
import { NEGATIVE_FEEDBACK_CATEGORIES, POSITIVE_FEEDBACK_CATEGORIES, isFeedbackCategory, type FeedbackCategory } from '../../../contract/feedback-categories';

const LABELS: Record<FeedbackCategory, string> = {
  accurate: 'Accurate',
  on_brand: 'On brand',
  actionable: 'Actionable',
  well_structured: 'Well structured',
  inaccurate: 'Inaccurate',
  off_brand: 'Off brand',
  not_helpful: 'Not helpful',
  too_long: 'Too long',
  too_short: 'Too short',
  missing_sources: 'Missing sources',
  other: 'Other',
};
const labelled = (categories: readonly FeedbackCategory[]) => categories.map((category) => [category, LABELS[category]] as const);
const POSITIVE = labelled(POSITIVE_FEEDBACK_CATEGORIES);
const NEGATIVE = labelled(NEGATIVE_FEEDBACK_CATEGORIES);

interface RatingDialogProps {
  rating: 1 | -1;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (categories: FeedbackCategory[], text: string | null) => Promise<void>;
}

export function RatingDialog({ rating, open, onOpenChange, onSubmit }: RatingDialogProps) {
  const [categories, setCategories] = useState<string[]>([]);
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const options = rating === 1 ? POSITIVE : NEGATIVE;

  const submit = async () => {
    setSaving(true);
    setError(null);
    try {
      await onSubmit(categories.filter(isFeedbackCategory), text.trim() || null);
      onOpenChange(false);
      setCategories([]);
      setText('');
    } catch (failure) {
      // Shown in the dialog, which stays open with the choices made: nothing is lost, Send again retries.
      setError((failure as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="460px">
        <Dialog.Title>{rating === 1 ? 'What was good about this reply?' : 'What went wrong?'}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          Your feedback helps tune this agent for your team. Everything here is optional.
        </Dialog.Description>
        <CheckboxCards.Root value={categories} onValueChange={setCategories} columns={{ initial: '1', sm: '2' }} size="1">
          {options.map(([value, label]) => (
            <CheckboxCards.Item key={value} value={value}>
              <Text size="2">{label}</Text>
            </CheckboxCards.Item>
          ))}
        </CheckboxCards.Root>
        <TextArea mt="3" placeholder="Anything else? (optional)" value={text} onChange={(event) => setText(event.target.value)} maxLength={2000} aria-label="Feedback" />
        {error ? (
          <Text as="p" size="2" color="red" role="alert" mt="3">
            {error}
          </Text>
        ) : null}
        <Flex gap="3" mt="4" justify="end">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              Cancel
            </Button>
          </Dialog.Close>
          <Button onClick={() => void submit()} loading={saving}>
            Send feedback
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
