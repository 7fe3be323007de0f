import { InfoCircledIcon } from '@radix-ui/react-icons';
import { Callout } from '@radix-ui/themes';
import { useOnline } from './useOnline';
import './pwa.css';

export const OFFLINE_BANNER_TEXT = "You're offline — showing saved data";

/** A calm notice above the content while offline; nothing at all while online. */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <Callout.Root color="gray" variant="surface" size="1" role="status" className="offline-banner">
      <Callout.Icon>
        <InfoCircledIcon />
      </Callout.Icon>
      <Callout.Text>{OFFLINE_BANNER_TEXT}</Callout.Text>
    </Callout.Root>
  );
}
