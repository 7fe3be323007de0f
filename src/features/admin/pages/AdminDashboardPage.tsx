import type { ReactNode } from 'react';
import { Badge, Button, Card, Flex, Heading, Skeleton, Table, Text } from '@radix-ui/themes';
import { CheckCircledIcon, ReloadIcon } from '@radix-ui/react-icons';
import type { AdminOverview, JobQueueHealth } from '../../../contract/admin';
import { formatCount, formatDateTime, formatNumber, formatTime, formatWhen } from '../../../contract/format';
import { CardsOrTable } from '../../../ui/CardsOrTable';
import type { Column } from '../../../ui/DataTable';
import { EmptyState } from '../../../ui/EmptyState';
import { Page } from '../../../ui/Page';
import { PageHeader } from '../../../ui/PageHeader';
import { fetchOverview } from '../admin.api';
import { ADMIN_LIST_LOOK } from '../components/AdminList';
import { RemoteContent } from '../components/RemoteContent';
import { StatCard } from '../components/StatCard';
import { useRemote } from '../useRemote';
import { useNow } from '../../../pwa/use-now';
import '../admin.css';

/** A queue needs a look when jobs failed for good lately, or when the oldest waiting job waits this long. */
const BACKLOG_MS = 10 * 60 * 1000;

function queueState(queue: JobQueueHealth, now: number): { label: string; color: 'green' | 'red' | 'amber' } {
  if (queue.failed_24h > 0) return { label: `${formatNumber(queue.failed_24h)} failed`, color: 'red' };
  if (queue.oldest_waiting_at && now - Date.parse(queue.oldest_waiting_at) > BACKLOG_MS) return { label: 'Backlog', color: 'amber' };
  return { label: 'Healthy', color: 'green' };
}

function QueueState({ queue, now }: { queue: JobQueueHealth; now: number }) {
  const state = queueState(queue, now);
  return <Badge color={state.color}>{state.label}</Badge>;
}

const FAILURE_KIND_LABELS = { document: 'Document', run: 'Agent run', job: 'Background job' } as const;

function Figures({ data }: { data: AdminOverview }) {
  return (
    <div className="admin-stat-grid">
      <StatCard label="Organisations" value={data.organizations.total} hint={`${formatNumber(data.organizations.new_30d)} new in 30 days`} />
      <StatCard label="Users" value={data.users.total} hint={`${formatNumber(data.users.suspended)} suspended · ${formatCount(data.users.platform_admins, 'platform admin')}`} />
      <StatCard label="Active users, 7 days" value={data.users.active_7d} hint={`${formatNumber(data.users.active_30d)} in 30 days`} />
      <StatCard label="Credits used, 30 days" value={data.credits.used_30d} hint={`${formatNumber(data.credits.used_total)} in all`} />
      <StatCard label="Documents" value={data.documents.total} hint={`${formatNumber(data.documents.processing)} processing · ${formatNumber(data.documents.failed)} failed`} tone={data.documents.failed > 0 ? 'warning' : 'default'} />
      <StatCard label="Agent runs, 30 days" value={data.runs.last_30d} hint={`${formatNumber(data.runs.open)} running now · ${formatNumber(data.runs.done_24h)} done in 24 h · ${formatNumber(data.runs.failed_7d)} failed in 7 days`} />
    </div>
  );
}

/**
 * Why the agent-run queue's counts are below the Agent runs figure: the queue sees only the runs
 * handed to a background worker, while the figure counts every run.
 */
const QUEUES_NOTE =
  'Background jobs only. Most agent runs are answered by the server that took the message and never enter the agent-run queue; it holds the runs handed over when a server was busy, and retries. The Agent runs figure above counts every run.';

const QUEUE_COLUMNS: Column[] = [
  { header: 'Queue' }, { header: 'State' }, { header: 'Waiting', justify: 'end' }, { header: 'Running', justify: 'end' },
  { header: 'Done, 24 h', justify: 'end' }, { header: 'Failed, 24 h', justify: 'end' }, { header: 'Oldest waiting' },
];

function QueueCard({ queue, now }: { queue: JobQueueHealth; now: number }) {
  return (
    <>
      <Flex justify="between" gap="2">
        <Text size="2" weight="medium" className="break-anywhere">
          {queue.name}
        </Text>
        <QueueState queue={queue} now={now} />
      </Flex>
      <Text as="p" size="1" color="gray" mt="1">
        {formatNumber(queue.waiting)} waiting · {formatNumber(queue.active)} running · {formatNumber(queue.completed_24h)} done in 24 h
      </Text>
    </>
  );
}

function QueueCells({ queue, now }: { queue: JobQueueHealth; now: number }) {
  return (
    <>
      <Table.RowHeaderCell>{queue.name}</Table.RowHeaderCell>
      <Table.Cell>
        <QueueState queue={queue} now={now} />
      </Table.Cell>
      <Table.Cell justify="end">{formatNumber(queue.waiting)}</Table.Cell>
      <Table.Cell justify="end">{formatNumber(queue.active)}</Table.Cell>
      <Table.Cell justify="end">{formatNumber(queue.completed_24h)}</Table.Cell>
      <Table.Cell justify="end">{formatNumber(queue.failed_24h)}</Table.Cell>
      <Table.Cell>{queue.oldest_waiting_at ? formatWhen(queue.oldest_waiting_at, now) : '—'}</Table.Cell>
    </>
  );
}

function Queues({ queues, now }: { queues: JobQueueHealth[]; now: number }) {
  if (queues.length === 0) return <Text color="gray">No background work has been queued yet.</Text>;
  const card = (queue: JobQueueHealth) => <QueueCard queue={queue} now={now} />;
  const cells = (queue: JobQueueHealth) => <QueueCells queue={queue} now={now} />;
  return <CardsOrTable label="Job queues" items={queues} keyOf={(queue) => queue.name} look={ADMIN_LIST_LOOK} columns={QUEUE_COLUMNS} card={card} cells={cells} />;
}

function Failures({ failures, now }: { failures: AdminOverview['failures']; now: number }) {
  if (failures.length === 0) {
    return <EmptyState icon={<CheckCircledIcon width={22} height={22} />} title="Nothing failed lately" description="Failed documents, agent runs and background jobs will be listed here." headingAs="h3" />;
  }
  return (
    <ul className="plain-list admin-row-list" aria-label="Recent failures">
      {failures.map((failure) => (
        <li key={`${failure.kind}-${failure.id}`}>
          <Flex justify="between" gap="3" align="start" wrap="wrap">
            <Flex direction="column" minWidth="0" gap="1">
              <Flex gap="2" align="center" wrap="wrap">
                <Badge color="red" variant="soft">
                  {FAILURE_KIND_LABELS[failure.kind]}
                </Badge>
                <Text size="2" weight="medium" className="break-anywhere">
                  {failure.title}
                </Text>
                {failure.org_name ? (
                  <Text size="1" color="gray">
                    {failure.org_name}
                  </Text>
                ) : null}
              </Flex>
              <Text size="1" color="gray" className="break-anywhere">
                {failure.detail ?? 'No error was recorded.'}
              </Text>
            </Flex>
            <Text size="1" color="gray" className="nowrap">
              <time dateTime={failure.at} title={formatDateTime(failure.at)}>
                {formatWhen(failure.at, now)}
              </time>
            </Text>
          </Flex>
        </li>
      ))}
    </ul>
  );
}

/** A card of the dashboard under its heading. */
function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card size="3" className="surface-card">
      <Heading as="h2" size="4" mb={description ? '1' : '3'}>
        {title}
      </Heading>
      {description ? (
        <Text as="p" size="2" color="gray" mb="3">
          {description}
        </Text>
      ) : null}
      {children}
    </Card>
  );
}

/** Admin Dashboard: the platform at a glance, the job queues, and what failed lately. */
export default function AdminDashboardPage() {
  const overview = useRemote('overview', (signal) => fetchOverview(signal), 'Failed to load the platform figures');
  const data = overview.data;
  const now = useNow();
  return (
    <Page wide>
      <PageHeader
        title="Admin Dashboard"
        description={data ? `Platform-wide overview, as of ${formatTime(data.generated_at)}.` : 'Platform-wide overview.'}
        actions={
          <Button variant="soft" onClick={overview.reload} loading={overview.loading && data !== null}>
            <ReloadIcon /> Refresh
          </Button>
        }
      />
      <Flex direction="column" gap="5">
        <RemoteContent
          remote={overview}
          shown={data}
          placeholder={
            <div className="admin-stat-grid" role="status" aria-label="Loading the platform figures">
              {[0, 1, 2, 3, 4, 5].map((card) => (
                <Skeleton key={card} height="104px" />
              ))}
            </div>
          }
        >
          {(data) => (
            <>
              <Figures data={data} />
              <Section title="Job queues" description={QUEUES_NOTE}>
                <Queues queues={data.jobs.queues} now={now} />
              </Section>
              <Section title="Recent failures">
                <Failures failures={data.failures} now={now} />
              </Section>
            </>
          )}
        </RemoteContent>
      </Flex>
    </Page>
  );
}
