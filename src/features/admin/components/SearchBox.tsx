import { useEffect, useState } from 'react';
import { SearchField } from '../../../ui/SearchField';

/** Typing pauses this long before a search is sent: one request per thought, not per key. */
const SEARCH_DELAY_MS = 300;

interface SearchBoxProps {
  value: string;
  onSearch: (value: string) => void;
  label: string;
  placeholder: string;
}

/** A search field that searches as you type, after a short pause (Enter searches at once). */
export function SearchBox({ value, onSearch, label, placeholder }: SearchBoxProps) {
  const [text, setText] = useState(value);
  // The address changed the search (Back, a link): show what is searched now.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    setText(value);
  }
  useEffect(() => {
    if (text.trim() === value.trim()) return;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <SearchField
      type="search"
      aria-label={label}
      placeholder={placeholder}
      value={text}
      className="admin-search"
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onSearch(text.trim());
      }}
    />
  );
}
