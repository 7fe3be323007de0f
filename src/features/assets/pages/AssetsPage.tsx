import { ImageIcon } from '@radix-ui/react-icons';
import { PlaceholderPage } from '../../../ui/PlaceholderPage';

/** Creative Assets. */
export default function AssetsPage() {
  return (
    <PlaceholderPage
      title="Creative Assets"
      description="Images and creative material for this space."
      icon={<ImageIcon width={22} height={22} />}
      emptyTitle="No assets yet"
      emptyText="Creative assets saved in this space will appear here."
    />
  );
}
