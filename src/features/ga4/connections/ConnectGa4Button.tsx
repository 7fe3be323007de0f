import { useSnapshot } from 'valtio';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '@radix-ui/themes';
import { PlusIcon } from '@radix-ui/react-icons';
import { NetworkRequiredTooltip } from '../../../pwa';
import { inAppPath, leaveAppFor } from './browser-navigation';
import { ga4State, startConnect } from './ga4.store';
import { useConnectBlockedReason } from './analytics-permissions';

export const CONNECT_LABEL = 'Connect Google Analytics';

/** Starts the OAuth flow: asks the server where to go, then sends the browser there (owners and admins). */
export function ConnectGa4Button({ label = CONNECT_LABEL, variant = 'solid' }: { label?: string; variant?: 'solid' | 'soft' }) {
  const navigate = useNavigate();
  const { pending } = useSnapshot(ga4State);
  const busy = pending.includes('connect');
  // Members see the button disabled with the reason: who can connect.
  const blocked = useConnectBlockedReason();

  const connect = async () => {
    try {
      const url = await startConnect();
      const path = inAppPath(url);
      if (path) void navigate(path);
      else leaveAppFor(url);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <NetworkRequiredTooltip reason={blocked}>
      {({ disabled }) => (
        <Button variant={variant} loading={busy} disabled={disabled} onClick={() => void connect()}>
          <PlusIcon /> {label}
        </Button>
      )}
    </NetworkRequiredTooltip>
  );
}
