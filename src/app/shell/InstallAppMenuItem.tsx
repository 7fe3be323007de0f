import { DownloadIcon } from '@radix-ui/react-icons';
import { DropdownMenu } from '../../ui/DropdownMenu';
import { useSnapshot } from 'valtio';
import { installState, promptInstall } from '../../pwa/install.store';

/** "Install app" for a DropdownMenu.Content (e.g. the user menu); rendered only when installable. */
export function InstallAppMenuItem() {
  const { canInstall } = useSnapshot(installState);
  if (!canInstall) return null;
  return (
    <DropdownMenu.Item onSelect={() => void promptInstall()}>
      <DownloadIcon aria-hidden="true" />
      Install app
    </DropdownMenu.Item>
  );
}
