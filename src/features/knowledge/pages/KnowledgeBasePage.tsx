import { ReaderIcon, ReloadIcon } from '@radix-ui/react-icons';
import { Button, Card, Flex, Heading, Spinner, Text } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { DocumentRow } from '../../../db';
import { useOnline } from '../../../pwa';
import { LastUpdated } from '../../../pwa/LastUpdated';
import { SavedListPending, useSavedListState } from '../../../pwa/SavedListPending';
import { EmptyState } from '../../../ui/EmptyState';
import { Page } from '../../../ui/Page';
import { PageHeader } from '../../../ui/PageHeader';
import { authState, spacesState } from '../../../session';
import { ALL_CATEGORIES, CategoryFilter } from '../components/CategoryFilter';
import { DeleteDocumentDialog } from '../components/DeleteDocumentDialog';
import { DocumentList } from '../components/DocumentList';
import { SearchPanel } from '../components/SearchPanel';
import { AUTO_CATEGORY, StagedFileList } from '../components/StagedFileList';
import { UploadDropzone } from '../components/UploadDropzone';
import { ChooseFilesButton } from '../components/ChooseFilesButton';
import { brandVoiceUse, requestBrandVoiceUse } from '../brand-voice-use';
import { UseAsBrandVoiceHost } from '../components/UseAsBrandVoiceHost';
import { isOrgManagerRole } from '../../../contract/auth';
import { UploadProgressList } from '../components/UploadProgressList';
import { DOCUMENTS_SYNC_NAME, useCategoryCounts, useDocuments } from '../knowledge.queries';
import {
  clearSearch,
  clearStaged,
  deleteDocument,
  knowledgeState,
  refreshDocuments,
  removeStaged,
  runSearch,
  stageFiles,
} from '../knowledge.store';
import { canRetryUpload, dismissFinishedUploads, retryUpload, uploadStaged } from '../upload-flow';
import { DELETE_OTHERS_DOCUMENT_REASON, deleteDocumentBlockedReason } from '../../../contract/knowledge';
import type { KnowledgeContext } from '../../../contract/knowledge';
import type { StagedFile } from '../staging';
import { DocumentPreviewHost } from '../preview/DocumentPreviewHost';
import { usePreviewParams } from '../preview/preview-params';
import '../knowledge.css';
import { formatCount } from '../../../contract/format';

/** Knowledge Base (spec 001 §2): upload, watch processing, search, filter and delete documents. */
export default function KnowledgeBasePage() {
  const { currentSpaceId } = useSnapshot(spacesState);
  const { user } = useSnapshot(authState);
  const state = useSnapshot(knowledgeState);
  const online = useOnline();
  const [category, setCategory] = useState(ALL_CATEGORIES);
  const [batchCategory, setBatchCategory] = useState(AUTO_CATEGORY);
  const [toDelete, setToDelete] = useState<DocumentRow | null>(null);
  const filter = category === ALL_CATEGORIES ? null : category;
  const documents = useDocuments(currentSpaceId, filter);
  const counts = useCategoryCounts(currentSpaceId);
  const allCount = useDocuments(currentSpaceId, null)?.length ?? 0;
  const preview = usePreviewParams();
  // An empty device copy says "no documents" only once the space's list was saved here.
  const listState = useSavedListState(DOCUMENTS_SYNC_NAME, currentSpaceId, state.listError !== null);
  const pending = documents !== undefined && documents.length === 0 && !filter && listState !== 'known' ? listState : null;

  useEffect(() => {
    if (currentSpaceId) void refreshDocuments(filter);
  }, [currentSpaceId, filter]);

  const processing = documents?.filter((document) => document.status === 'processing').length ?? 0;
  const brandVoiceRequest = useSnapshot(brandVoiceUse).request;
  // Only owners and admins may set the brand voice: nobody else is offered it.
  const brandVoice = isOrgManagerRole(user?.role) ? { busyId: brandVoiceRequest?.id ?? null, onUse: requestBrandVoiceUse } : undefined;
  const deleteBlockedReason = (document: DocumentRow) =>
    user ? deleteDocumentBlockedReason({ id: user.id, role: user.role }, document.uploadedBy) : DELETE_OTHERS_DOCUMENT_REASON;

  return (
    <Page wide>
      <PageHeader
        title="Knowledge Base"
        description="Documents your agents draw on in this space: upload them, watch them being processed, and search what they say."
        actions={
          <Button variant="soft" color="gray" onClick={() => void refreshDocuments(filter)} disabled={state.refreshing || !online}>
            {state.refreshing ? <Spinner size="1" /> : <ReloadIcon />} Refresh
          </Button>
        }
      />

      <div className="kb-layout">
        <Flex direction="column" gap="4" className="kb-layout__side">
          <Card size="2">
            <Flex direction="column" gap="3">
              <UploadDropzone onFiles={(files) => void stageFiles(files)} disabled={!online} />
              {!online ? (
                <Text size="1" color="gray">
                  Uploading needs a connection. Your saved documents stay readable offline.
                </Text>
              ) : null}
              {state.staged.length > 0 ? (
                <StagedFileList
                  staged={state.staged as StagedFile[]}
                  checking={state.checkingDuplicates}
                  category={batchCategory}
                  onCategoryChange={setBatchCategory}
                  onRemove={removeStaged}
                  onClear={clearStaged}
                  onUpload={() => void uploadStaged({ category: batchCategory === AUTO_CATEGORY ? null : batchCategory })}
                />
              ) : null}
              {state.uploads.length > 0 ? <UploadProgressList
                  uploads={state.uploads}
                  busy={state.uploading}
                  onDismiss={dismissFinishedUploads}
                  onRetry={(key) => void retryUpload(key)}
                  canRetry={canRetryUpload}
                  documents={documents}
                /> : null}
            </Flex>
          </Card>
        </Flex>

        {/* Search above the documents, so its results appear where the eye already is. */}
        <Flex direction="column" gap="4" className="kb-layout__main">
          <Card size="2">
            <Heading as="h2" size="3" mb="3">
              Search
            </Heading>
            <SearchPanel
              results={state.search.results as KnowledgeContext[] | null}
              loading={state.search.loading}
              error={state.search.error}
              lastQuery={state.search.query}
              canSearch={online}
              onSearch={(query) => void runSearch(query)}
              onClear={clearSearch}
              onOpen={(result) => preview.open({ documentId: result.document_id, passage: result.ordinal })}
            />
          </Card>
          <Card size="2">
            <Flex justify="between" align="center" gap="3" wrap="wrap" mb="3">
              <Flex direction="column">
                <Heading as="h2" size="3">
                  Documents
                </Heading>
                <Text size="1" color="gray">
                  {documents === undefined || pending === 'loading'
                    ? 'Loading…'
                    : pending === 'unavailable'
                      ? 'Not loaded yet'
                      : `${formatCount(documents.length, 'document')}${processing > 0 ? ` · ${processing} processing` : ''}`}
                </Text>
              </Flex>
              <CategoryFilter value={category} counts={counts} total={allCount} onChange={setCategory} />
            </Flex>
            {state.listError ? (
              <Text as="p" size="2" color="red" mb="3" role="alert">
                {state.listError}
              </Text>
            ) : null}
            {documents === undefined ? (
              <Flex justify="center" py="6">
                <Spinner />
              </Flex>
            ) : pending ? (
              <SavedListPending state={pending} what="documents" />
            ) : documents.length === 0 ? (
              <EmptyState
                icon={<ReaderIcon width={22} height={22} />}
                title={filter ? 'No documents in this category' : 'No documents yet'}
                description={
                  filter
                    ? 'Choose another category, or upload documents about this topic.'
                    : 'Upload brand guidelines, research, campaign briefs or reports. Each is read, categorised and made searchable for your agents.'
                }
                actions={
                  filter ? (
                    <Button variant="soft" onClick={() => setCategory(ALL_CATEGORIES)}>
                      Show all documents
                    </Button>
                  ) : (
                    <ChooseFilesButton variant="solid" label="Upload documents" onFiles={(files) => void stageFiles(files)} disabled={!online} />
                  )
                }
              />
            ) : (
              <DocumentList
                documents={documents}
                onDelete={setToDelete}
                deleteBlockedReason={deleteBlockedReason}
                onOpen={(document) => preview.open({ documentId: document.id, passage: null })}
                brandVoice={brandVoice}
              />
            )}
            <LastUpdated syncName={DOCUMENTS_SYNC_NAME} spaceId={currentSpaceId} />
          </Card>
        </Flex>
      </div>

      <DocumentPreviewHost />
      <UseAsBrandVoiceHost />

      <DeleteDocumentDialog
        filename={toDelete?.filename ?? null}
        onConfirm={() => (toDelete ? deleteDocument(toDelete.id, toDelete.filename) : Promise.resolve())}
        onClose={() => setToDelete(null)}
      />
    </Page>
  );
}
