/**
 * Creative Assets (spec 000 §2 /assets; docs/assets.md): the team's library of finished marketing
 * material. Browse as a grid or a list, narrow by collection, type, source, tag and words, open a
 * preview, rename, tag, file, download and delete; upload by dropping files anywhere on it;
 * generate images when an image model is configured. Everything shown comes from Dexie, so the
 * library browses offline as it was last seen.
 */
import { ImageIcon, MagicWandIcon, MixerHorizontalIcon, ReloadIcon, UploadIcon } from '@radix-ui/react-icons';
import { Button, Callout, Flex, Link, Spinner, Text } from '@radix-ui/themes';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { AssetCollectionRow, AssetRow } from '../../../db';
import { ASSET_ACCEPT, deleteAssetBlockedReason, deleteCollectionBlockedReason } from '../../../contract/assets';
import { isOrgManagerRole } from '../../../contract/auth';
import { NetworkRequiredTooltip, useOnline } from '../../../pwa';
import { LastUpdated } from '../../../pwa/LastUpdated';
import { SavedListPending, useSavedListState } from '../../../pwa/SavedListPending';
import { authState, spacesState } from '../../../session';
import { EmptyState } from '../../../ui/EmptyState';
import { Page } from '../../../ui/Page';
import { PageHeader } from '../../../ui/PageHeader';
import { useIsMobile } from '../../../ui/useMediaQuery';
import { filterAssets, isFiltered, NO_FILTER } from '../asset-filters';
import { dismissUploads, isUploading, retryUpload, uploadAssets } from '../asset-uploads';
import { ASSETS_SYNC_NAME, useAssets, useCollections } from '../assets.queries';
import {
  assetsState,
  createCollection,
  deleteAsset,
  deleteCollection,
  downloadAsset,
  generateImage,
  loadCapabilities,
  refreshAssets,
  searchServer,
  setFilter,
  setView,
  updateAsset,
} from '../assets.store';
import type { AssetUploadItem } from '../assets.state';
import { AssetGrid } from '../components/AssetGrid';
import { AssetList } from '../components/AssetList';
import { AssetPreviewDialog } from '../components/AssetPreviewDialog';
import { AssetToolbar } from '../components/AssetToolbar';
import { CollectionsNav } from '../components/CollectionsNav';
import { DeleteAssetDialog } from '../components/DeleteAssetDialog';
import { DropArea } from '../components/DropArea';
import { GenerateImageDialog } from '../components/GenerateImageDialog';
import { UploadPanel } from '../components/UploadPanel';
import '../assets.css';
import { formatCount, formatNumber } from '../../../contract/format';

/** Words typed are sent to the server's search once typing pauses. */
const SERVER_SEARCH_DELAY_MS = 300;
/** Performance marks `npm run bench:assets` reads: the screen mounted, and its first cards painted. */
export const OPEN_MARK = 'mosaic:assets-open';
export const PAINT_MARK = 'mosaic:assets-painted';

export default function AssetsPage() {
  const { currentSpaceId } = useSnapshot(spacesState);
  const { user } = useSnapshot(authState);
  // Marketers get a plain sentence about image creation; owners and admins also where to turn it on.
  const canConfigureImages = isOrgManagerRole(user?.role);
  const state = useSnapshot(assetsState);
  const online = useOnline();
  const mobile = useIsMobile();
  const [params, setParams] = useSearchParams();
  const assets = useAssets(currentSpaceId);
  const collections = useCollections(currentSpaceId) ?? [];
  const [toDelete, setToDelete] = useState<AssetRow | null>(null);
  const [generateOpen, setGenerateOpen] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const query = useDeferredValue(state.filter.query);
  const painted = useRef(false);

  useEffect(() => {
    performance.mark(OPEN_MARK);
  }, []);

  useEffect(() => {
    if (!currentSpaceId) return;
    void refreshAssets();
    void loadCapabilities();
  }, [currentSpaceId]);

  useEffect(() => {
    if (!online || !query.trim()) {
      void searchServer('');
      return undefined;
    }
    const timer = setTimeout(() => void searchServer(query), SERVER_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, online]);

  const filter = useMemo(() => ({ ...state.filter, query }), [state.filter, query]);
  const serverMatches = useMemo(
    () => (state.serverSearch.ids && state.serverSearch.query === query.trim() ? new Set(state.serverSearch.ids) : undefined),
    [state.serverSearch, query],
  );
  const shown = useMemo(() => (assets ? filterAssets(assets, filter, serverMatches) : undefined), [assets, filter, serverMatches]);
  useEffect(() => {
    if (painted.current || !shown || shown.length === 0) return;
    painted.current = true;
    // After the frame that shows the first cards.
    requestAnimationFrame(() => performance.mark(PAINT_MARK));
  }, [shown]);
  const previewId = params.get('asset');
  const preview = (previewId && assets?.find((asset) => asset.id === previewId)) || null;
  const actor = user ? { id: user.id, role: user.role } : null;
  const deleteReason = (asset: Pick<AssetRow, 'createdBy'>) => (actor ? deleteAssetBlockedReason(actor, asset.createdBy) : 'Sign in again to delete assets.');
  const collectionDeleteReason = (collection: AssetCollectionRow) => (actor ? deleteCollectionBlockedReason(actor, collection.createdBy) : 'Sign in again.');
  const open = (asset: AssetRow) => setParams((current) => ({ ...Object.fromEntries(current), asset: asset.id }));
  const closePreview = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('asset');
      return next;
    });
  const upload = (files: File[]) => void uploadAssets(files, { collectionIds: state.filter.collectionId ? [state.filter.collectionId] : undefined });
  const generation = state.capabilities?.image_generation;
  const uploads = state.uploads as readonly AssetUploadItem[];
  const filtered = isFiltered(filter);
  const total = assets?.length ?? 0;
  // An empty library on the device says "no assets" only once the space's library was saved here.
  const listState = useSavedListState(ASSETS_SYNC_NAME, currentSpaceId, state.listError !== null);
  const pending = assets !== undefined && total === 0 && listState !== 'known' ? listState : null;

  return (
    <Page wide>
      <PageHeader
        title="Creative Assets"
        description="Your team's finished marketing material: images, PDFs, videos, documents and copy. Find it, preview it and reuse it."
        actions={
          <>
            <Button variant="soft" color="gray" onClick={() => void refreshAssets()} disabled={state.refreshing || !online} aria-label="Refresh the library">
              {state.refreshing ? <Spinner size="1" /> : <ReloadIcon />}
            </Button>
            {generation?.available ? (
              <NetworkRequiredTooltip>
                {({ disabled }) => (
                  <Button variant="soft" onClick={() => setGenerateOpen(true)} disabled={disabled}>
                    <MagicWandIcon /> Generate image
                  </Button>
                )}
              </NetworkRequiredTooltip>
            ) : null}
            <NetworkRequiredTooltip>
              {({ disabled }) => (
                <Button onClick={() => picker.current?.click()} disabled={disabled} className="asset-upload-button">
                  <UploadIcon /> Upload
                </Button>
              )}
            </NetworkRequiredTooltip>
            <input
              ref={picker}
              type="file"
              multiple
              hidden
              accept={ASSET_ACCEPT}
              aria-label="Choose files to upload"
              onChange={(event) => {
                const files = [...(event.target.files ?? [])];
                event.target.value = '';
                if (files.length > 0) upload(files);
              }}
            />
          </>
        }
      />
      {generation && !generation.available ? (
        <Callout.Root size="1" color="gray" variant="surface" mb="4" className="asset-generation-note">
          <Callout.Icon>
            <MagicWandIcon />
          </Callout.Icon>
          <Callout.Text>
            Creating images isn&apos;t available yet: upload images, or save copy from chat.
            {canConfigureImages ? (
              <>
                {' '}
                It needs an image model connected to your Mosaic installation; whoever runs it can turn it on (
                <Link asChild>
                  <RouterLink to="/settings#help">Help &amp; Support</RouterLink>
                </Link>
                ).
              </>
            ) : null}
          </Callout.Text>
        </Callout.Root>
      ) : null}

      <div className="asset-layout">
        {!mobile ? (
          <CollectionsNav
            collections={collections}
            total={total}
            selected={state.filter.collectionId}
            onSelect={(collectionId) => setFilter({ collectionId })}
            onCreate={createCollection}
            onDelete={(collection) => void deleteCollection(collection.id, collection.name)}
            deleteBlockedReason={collectionDeleteReason}
          />
        ) : null}
        <DropArea disabled={!online} onFiles={upload}>
          <Flex direction="column" gap="3" className="asset-main">
            <AssetToolbar
              assets={assets ?? []}
              collections={collections}
              filter={state.filter}
              view={state.view}
              searching={state.serverSearch.loading}
              showCollectionFilter={mobile}
              onFilter={setFilter}
              onView={setView}
            />
            {uploads.length > 0 ? <UploadPanel uploads={uploads} busy={isUploading(uploads)} onRetry={(key) => void retryUpload(key)} onDismiss={dismissUploads} /> : null}
            <Flex justify="between" align="center" gap="3" wrap="wrap">
              <Text size="2" color="gray" aria-live="polite" data-testid="asset-count">
                {shown === undefined || pending === 'loading' ? 'Loading…' : pending === 'unavailable' ? 'Not loaded yet' : filtered ? `${formatNumber(shown.length)} of ${formatCount(total, 'asset')}` : formatCount(total, 'asset')}
              </Text>
              <Flex align="center" gap="3">
                {filtered ? (
                  <Button size="1" variant="ghost" onClick={() => setFilter({ ...NO_FILTER })}>
                    <MixerHorizontalIcon /> Clear filters
                  </Button>
                ) : null}
                <LastUpdated syncName={ASSETS_SYNC_NAME} spaceId={currentSpaceId} />
              </Flex>
            </Flex>
            {state.listError ? (
              <Text as="p" size="2" color="red" role="alert">
                {state.listError}
              </Text>
            ) : null}
            {shown === undefined ? (
              <Flex justify="center" py="6">
                <Spinner />
              </Flex>
            ) : pending ? (
              <SavedListPending state={pending} what="assets" />
            ) : total === 0 ? (
              <EmptyState
                icon={<ImageIcon width={22} height={22} />}
                title="No assets yet"
                description="Drop images, PDFs, videos or documents here, or upload them. Copy saved from chat and Agent Mode deliverables land here too."
                actions={
                  <NetworkRequiredTooltip>
                    {({ disabled }) => (
                      <Button onClick={() => picker.current?.click()} disabled={disabled}>
                        <UploadIcon /> Upload files
                      </Button>
                    )}
                  </NetworkRequiredTooltip>
                }
              />
            ) : shown.length === 0 ? (
              <EmptyState
                icon={<MixerHorizontalIcon width={22} height={22} />}
                title="Nothing matches"
                description={state.serverSearch.loading ? 'Searching the text of your assets…' : 'No asset matches these filters and words. Try fewer words, or clear the filters.'}
                actions={
                  <Button variant="soft" onClick={() => setFilter({ ...NO_FILTER })}>
                    Clear filters
                  </Button>
                }
              />
            ) : state.view === 'grid' ? (
              <AssetGrid assets={shown} deleteBlockedReason={deleteReason} onOpen={open} onDownload={(asset) => void downloadAsset(asset.id)} onDelete={setToDelete} layoutKey={`${uploads.length}-${state.listError ?? ''}`} />
            ) : (
              <AssetList assets={shown} deleteBlockedReason={deleteReason} onOpen={open} onDownload={(asset) => void downloadAsset(asset.id)} onDelete={setToDelete} layoutKey={`${uploads.length}-${state.listError ?? ''}`} />
            )}
          </Flex>
        </DropArea>
      </div>

      <AssetPreviewDialog
        asset={preview}
        collections={collections}
        deleteBlockedReason={preview ? deleteReason(preview) : null}
        onClose={closePreview}
        onUpdate={(change) => (preview ? updateAsset(preview.id, change) : Promise.resolve(null))}
        onDownload={() => preview && void downloadAsset(preview.id)}
        onDelete={() => preview && setToDelete(preview)}
      />
      <DeleteAssetDialog
        name={toDelete?.name ?? null}
        onConfirm={async () => {
          if (!toDelete) return;
          const deleted = await deleteAsset(toDelete.id, toDelete.name);
          if (deleted && preview?.id === toDelete.id) closePreview();
        }}
        onClose={() => setToDelete(null)}
      />
      {generation?.available ? (
        <GenerateImageDialog
          open={generateOpen}
          credits={generation.credits}
          model={generation.model}
          busy={state.generating}
          onOpenChange={setGenerateOpen}
          onGenerate={async (prompt, shape) => (await generateImage(prompt, shape)) !== null}
        />
      ) : null}
    </Page>
  );
}
