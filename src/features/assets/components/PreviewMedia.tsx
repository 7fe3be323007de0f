/**
 * The left side of the preview: the picture at preview size, a PDF page by page, a video playing,
 * the text rendered as Markdown, a document's text. Offline it shows what the device holds (the
 * thumbnail, the text once read) and says what needs a connection.
 */
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Callout, Flex, Spinner, Text } from '@radix-ui/themes';
import { InfoCircledIcon } from '@radix-ui/react-icons';
import type { AssetRow } from '../../../db';
import { useOnline } from '../../../pwa';
import { LazyMarkdown } from '../../../ui/markdown/LazyMarkdown';
import { assetsApi } from '../assets.api';
import { loadAssetContent } from '../assets.store';
import { useSavedThumbnail } from '../assets.queries';
import { AssetKindIcon } from './AssetKindIcon';

const PdfPages = lazy(() => import('./PdfPages'));

function useBytesUrl(bytes: ArrayBuffer | undefined, type: string | undefined): string | null {
  const url = useMemo(() => (bytes ? URL.createObjectURL(new Blob([bytes], { type })) : null), [bytes, type]);
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);
  return url;
}

function OfflineNote({ children }: { children: string }) {
  return (
    <Callout.Root size="1" color="gray" variant="surface" className="asset-preview__note">
      <Callout.Icon>
        <InfoCircledIcon />
      </Callout.Icon>
      <Callout.Text>{children}</Callout.Text>
    </Callout.Root>
  );
}

/** The preview-size image (online), over the saved thumbnail meanwhile (and offline). */
function ImagePreview({ asset }: { asset: AssetRow }) {
  const online = useOnline();
  const saved = useSavedThumbnail(asset.id);
  const thumbnail = useBytesUrl(saved?.bytes, saved?.mimeType);
  const [preview, setPreview] = useState<{ bytes: ArrayBuffer; type: string } | null>(null);
  const previewUrl = useBytesUrl(preview?.bytes, preview?.type);
  useEffect(() => {
    if (!online || !asset.thumbnailVersion) return undefined;
    const controller = new AbortController();
    assetsApi.rendition(asset.id, 'preview', controller.signal).then(
      (answer) => setPreview({ bytes: answer.bytes, type: answer.contentType }),
      () => undefined,
    );
    return () => controller.abort();
  }, [asset.id, asset.thumbnailVersion, online]);
  const shown = previewUrl ?? thumbnail;
  return (
    <Flex direction="column" gap="2" align="center" className="asset-preview__picture">
      {shown ? <img src={shown} alt={asset.description ?? asset.name} data-testid="preview-image" data-full={previewUrl ? 'true' : undefined} /> : <Spinner />}
      {!online && !previewUrl ? <OfflineNote>Showing the saved thumbnail: the full-size picture needs a connection.</OfflineNote> : null}
    </Flex>
  );
}

/** A short-lived inline link to the file (PDF, video), asked for while online. */
function useInlineLink(asset: AssetRow): { url: string | null; failed: boolean } {
  const online = useOnline();
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    if (!online) return undefined;
    let alive = true;
    assetsApi.download(asset.id, 'inline').then(
      (link) => alive && setState({ url: link.url, failed: false }),
      () => alive && setState({ url: null, failed: true }),
    );
    return () => {
      alive = false;
    };
  }, [asset.id, online]);
  return state;
}

function PdfPreview({ asset }: { asset: AssetRow }) {
  const online = useOnline();
  const link = useInlineLink(asset);
  if (!online) {
    return (
      <Flex direction="column" gap="2">
        <ImagePreview asset={asset} />
        <OfflineNote>Showing the first page as saved: reading the whole PDF needs a connection.</OfflineNote>
      </Flex>
    );
  }
  if (link.failed) return <OfflineNote>This PDF could not be opened. Try again, or download it.</OfflineNote>;
  if (!link.url) return <Spinner />;
  return (
    <Suspense fallback={<Spinner />}>
      <PdfPages url={link.url} name={asset.name} />
    </Suspense>
  );
}

function VideoPreview({ asset }: { asset: AssetRow }) {
  const online = useOnline();
  const link = useInlineLink(asset);
  if (!online) return <Typed asset={asset} note="Playing a video needs a connection." />;
  if (link.failed) return <Typed asset={asset} note="This video could not be opened. Download it to play it." />;
  if (!link.url) return <Spinner />;
  return <video className="asset-preview__video" src={link.url} controls preload="metadata" aria-label={asset.name} />;
}

function Typed({ asset, note }: { asset: AssetRow; note: string }) {
  return (
    <Flex direction="column" align="center" justify="center" gap="3" className="asset-preview__typed">
      <AssetKindIcon kind={asset.kind} size={48} />
      <Text size="2" color="gray" align="center">
        {note}
      </Text>
    </Flex>
  );
}

/** A text asset's Markdown, or a document's text: from the device when read before, else fetched. */
function TextPreview({ asset }: { asset: AssetRow }) {
  const online = useOnline();
  const [failed, setFailed] = useState(false);
  const content = asset.content;
  useEffect(() => {
    if (content !== undefined || !online) return;
    loadAssetContent(asset.id).catch(() => setFailed(true));
  }, [asset.id, content, online]);
  if (content === undefined) {
    if (!online || failed) {
      return (
        <Flex direction="column" gap="3" className="asset-preview__text">
          {asset.excerpt ? <Text as="p" size="2">{asset.excerpt}</Text> : null}
          <OfflineNote>{online ? 'The text could not be loaded. Try again.' : 'The whole text needs a connection the first time it is opened.'}</OfflineNote>
        </Flex>
      );
    }
    return <Spinner />;
  }
  if (content === null) return <Typed asset={asset} note="No preview for this file type. Download it to open it." />;
  const markdown = asset.kind === 'text' || asset.mimeType === 'text/markdown';
  return (
    <div className="asset-preview__text" data-testid="preview-text">
      {markdown ? <LazyMarkdown text={content} /> : <pre className="asset-preview__plain">{content}</pre>}
    </div>
  );
}

export function PreviewMedia({ asset }: { asset: AssetRow }) {
  if (asset.status === 'error') return <Typed asset={asset} note={asset.errorMessage ?? 'This file could not be read.'} />;
  switch (asset.kind) {
    case 'image':
      return <ImagePreview asset={asset} />;
    case 'pdf':
      return <PdfPreview asset={asset} />;
    case 'video':
      return <VideoPreview asset={asset} />;
    case 'text':
    case 'document':
      return <TextPreview asset={asset} />;
  }
}
