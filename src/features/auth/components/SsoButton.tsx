import { useEffect, useState } from 'react';
import { Button } from '@radix-ui/themes';
import { EnterIcon } from '@radix-ui/react-icons';

/**
 * "Sign in with {provider}": a full navigation to the server, which sends the browser on to the
 * identity provider. Shows progress while the browser leaves (a slow provider can take a moment).
 */
export function SsoButton({ providerName, href }: { providerName: string; href: string }) {
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    // Back from the provider with the browser's back button: the page is shown again as it was left.
    const reset = () => setLeaving(false);
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);
  return (
    <Button
      type="button"
      size="3"
      loading={leaving}
      onClick={() => {
        setLeaving(true);
        window.location.assign(href);
      }}
    >
      <EnterIcon /> Sign in with {providerName}
    </Button>
  );
}
