/**
 * Thumbs on a reply: one click records the rating at once (shown pressed straight away, put back
 * if the server refuses); details are optional, behind a small "Add details" link that opens the
 * rating dialog. Clicking the pressed thumb again clears the rating.
 */
import type { FeedbackCategory } from '../../../contract/feedback-categories';
import { useState } from 'react';
import { Button, IconButton, Tooltip } from '@radix-ui/themes';
import { toast } from 'sonner';
import { RatingDialog } from './RatingDialog';

type Rating = 1 | -1;

function ThumbIcon({ down, filled }: { down?: boolean; filled?: boolean }) {
  return (
    <svg width="15" height="15" viewBox="0 0 24 24" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" style={down ? { transform: 'rotate(180deg)' } : undefined}>
      <path d="M7 10v11H4a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1h3Zm0 0 4-8a3 3 0 0 1 3 3v4h5.5a2 2 0 0 1 2 2.3l-1.3 8A2 2 0 0 1 18.2 21H7" />
    </svg>
  );
}

interface ReplyFeedbackProps {
  /** The rating the server holds (from Dexie). */
  rating: number | null;
  onRate: (rating: Rating | null, categories: FeedbackCategory[], text: string | null) => Promise<void>;
}

export function ReplyFeedback({ rating: saved, onRate }: ReplyFeedbackProps) {
  // The click shows at once; the saved value takes over when it changes (the server confirmed, or another device rated).
  const [chosen, setChosen] = useState<{ value: Rating | null } | null>(null);
  const [seenSaved, setSeenSaved] = useState(saved);
  if (saved !== seenSaved) {
    setSeenSaved(saved);
    setChosen(null);
  }
  const [detailsOpen, setDetailsOpen] = useState(false);
  const rating = chosen ? chosen.value : saved;

  const rate = (value: Rating) => {
    const next = rating === value ? null : value;
    setChosen({ value: next });
    onRate(next, [], null).catch((error: Error) => {
      setChosen(null);
      toast.error(error.message);
    });
  };

  const thumb = (value: Rating, label: string, colour: 'green' | 'red') => (
    <Tooltip content={rating === value ? `${label} (click again to clear)` : label}>
      <IconButton size="1" variant="ghost" color={rating === value ? colour : 'gray'} aria-label={label} aria-pressed={rating === value} onClick={() => rate(value)} className="chat-action">
        <ThumbIcon down={value === -1} filled={rating === value} />
      </IconButton>
    </Tooltip>
  );

  return (
    <>
      {thumb(1, 'Helpful', 'green')}
      {thumb(-1, 'Not helpful', 'red')}
      <span role="status" className="visually-hidden">
        {rating === 1 ? 'Marked helpful' : rating === -1 ? 'Marked not helpful' : ''}
      </span>
      {rating === 1 || rating === -1 ? (
        <>
          <Button size="1" variant="ghost" color="gray" className="chat-action chat-action--text" onClick={() => setDetailsOpen(true)}>
            Add details
          </Button>
          <RatingDialog
            rating={rating}
            open={detailsOpen}
            onOpenChange={setDetailsOpen}
            onSubmit={(categories, text) => onRate(rating, categories, text)}
          />
        </>
      ) : null}
    </>
  );
}
