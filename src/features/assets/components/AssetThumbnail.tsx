/**
 * An asset's picture on a card or row: the thumbnail saved on the device (fetched once per
 * version, then read from Dexie, offline too), a typed tile for assets that have none (videos,
 * documents, text: the text's first lines), and the state while a thumbnail is being made.
 */
import { useEffect, useMemo } from 'react';
import { Spinner, Text } from '@radix-ui/themes';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import type { AssetRow } from '../../../db';
import { useOnline } from '../../../pwa';
import { useSavedThumbnail } from '../assets.queries';
import { requestThumbnail } from '../thumbnails';
import { AssetKindIcon, KIND_NAMES } from './AssetKindIcon';

/** An object URL for saved bytes, released when they change or the card goes away. */
function useObjectUrl(bytes: ArrayBuffer | undefined, type: string | undefined): string | null {
  const url = useMemo(() => (bytes ? URL.createObjectURL(new Blob([bytes], { type })) : null), [bytes, type]);
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);
  return url;
}

export function AssetThumbnail({ asset, size = 'card' }: { asset: AssetRow; size?: 'card' | 'row' }) {
  const saved = useSavedThumbnail(asset.id);
  const online = useOnline();
  const wanted = asset.thumbnailVersion;
  const current = saved && wanted && saved.version === wanted;
  useEffect(() => {
    // Asked for while online only; a stale saved thumbnail is shown meanwhile.
    if (wanted && saved !== undefined && !current && online) requestThumbnail(asset.id, wanted);
  }, [asset.id, wanted, saved, current, online]);
  const url = useObjectUrl(saved?.bytes, saved?.mimeType);

  if (url) {
    return <img className={`asset-thumb asset-thumb--${size}`} data-kind={asset.kind} src={url} alt="" draggable={false} decoding="async" />;
  }
  return (
    <div className={`asset-thumb asset-thumb--${size} asset-thumb--typed`} data-kind={asset.kind}>
      {asset.status === 'processing' ? (
        <Spinner size={size === 'row' ? '1' : '2'} />
      ) : asset.status === 'error' ? (
        <ExclamationTriangleIcon width={size === 'row' ? 16 : 24} height={size === 'row' ? 16 : 24} aria-hidden />
      ) : asset.kind === 'text' && asset.excerpt && size === 'card' ? (
        <Text as="p" size="1" className="asset-thumb__excerpt">
          {asset.excerpt}
        </Text>
      ) : (
        <>
          <AssetKindIcon kind={asset.kind} size={size === 'row' ? 16 : 28} />
          {size === 'card' ? (
            <Text size="1" color="gray" className="asset-thumb__label">
              {KIND_NAMES[asset.kind]}
            </Text>
          ) : null}
        </>
      )}
    </div>
  );
}
