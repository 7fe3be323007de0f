import { useState } from 'react';
import { Flex, Text } from '@radix-ui/themes';
import { useSnapshot } from 'valtio';
import { Page } from '../../../ui/Page';
import { PageHeader } from '../../../ui/PageHeader';
import { spacesState } from '../../../session';
import { BuyCreditsDialog } from '../components/BuyCreditsDialog';
import { CheckoutOutcomeBanner } from '../components/CheckoutOutcomeBanner';
import { PlanSummary } from '../components/PlanSummary';
import { RecentActivity } from '../components/RecentActivity';
import { TransactionsPanel } from '../components/TransactionsPanel';
import { UsagePanel } from '../components/UsagePanel';
import { useBilling, useCanManageBilling } from '../useBilling';
import '../billing.css';

/** Credits and usage (spec 001 §2): plan, balance, usage breakdown, recent activity, the ledger; buy and upgrade. */
export default function CreditsPage() {
  const billing = useBilling();
  const canManage = useCanManageBilling();
  const { currentSpaceId } = useSnapshot(spacesState);
  const [buying, setBuying] = useState(false);
  // Any change of the balance (a purchase here, a chat elsewhere) reloads the lists below it.
  const refreshKey = billing.credits ? billing.credits.used * 1_000_003 + billing.credits.total : 0;

  return (
    <Page wide>
      {/* Buy and upgrade live on the plan and balance cards right below, not repeated here. */}
      <PageHeader title="Credits" description="Your organisation's plan, balance and how credits are being used." />
      <CheckoutOutcomeBanner />
      <Flex direction="column" gap="4">
        {billing.fromDevice ? (
          <Text size="2" color="gray" role="status">
            You&apos;re offline: these are the figures this device saw last.
          </Text>
        ) : null}
        <PlanSummary
          plan={billing.plan}
          credits={billing.credits}
          status={billing.status}
          loaded={billing.loaded}
          canManage={canManage}
          onBuy={() => setBuying(true)}
          planError={billing.planError}
          creditsError={billing.creditsError}
        />
        <div className="billing-grid billing-grid--insights">
          <UsagePanel refreshKey={refreshKey} />
          <RecentActivity refreshKey={refreshKey} />
        </div>
        <TransactionsPanel spaceId={currentSpaceId} refreshKey={refreshKey} />
      </Flex>
      {canManage ? <BuyCreditsDialog open={buying} onOpenChange={setBuying} /> : null}
    </Page>
  );
}
