import { useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { callbackErrorMessage, GA4_MESSAGES } from './ga4-errors';

/**
 * The OAuth callback lands on /connections/ga4/manage?connected=1 or ?error=<code>: say how it
 * went, then clean the address so a reload or a shared link does not say it again.
 */
export function useConnectionResult(onConnected: () => void): void {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const connected = params.get('connected');
  const error = params.get('error');

  useEffect(() => {
    if (connected === null && error === null) return;
    // One toast per result even if the effect runs twice (development's double mount): same id.
    if (error !== null) toast.error(callbackErrorMessage(error), { id: 'ga4-connect-result' });
    else {
      toast.success(GA4_MESSAGES.connected, { id: 'ga4-connect-result' });
      onConnected();
    }
    const rest = new URLSearchParams(params);
    rest.delete('connected');
    rest.delete('error');
    const search = rest.toString();
    void navigate(`${pathname}${search ? `?${search}` : ''}`, { replace: true });
    // Runs once per callback result; onConnected and params are read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [connected, error]);
}
