import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Box, Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { InfoCircledIcon, RocketIcon } from '@radix-ui/react-icons';
import { toast } from 'sonner';
import { useSnapshot } from 'valtio';
import { BrandLink } from '../../../ui/BrandLink';
import { IconCallout } from '../../../ui/IconCallout';
import { Page } from '../../../ui/Page';
import { PageHeader } from '../../../ui/PageHeader';
import { authState } from '../../../session';
import { isOrgManagerRole } from '../../../contract/auth';
import { CREDIT_PACKAGES, PLAN_CATALOGUE, type CataloguePlan, type PaidPlanType } from '../../../contract/billing-catalogue';
import { formatPrice } from '../billing.dates';
import { BillingError } from '../billing.messages';
import { billingState, changePlan, refreshBilling } from '../billing.store';
import { planStatus } from '../billing.status';
import { CheckoutOutcomeBanner } from '../components/CheckoutOutcomeBanner';
import { PaymentNote } from '../components/PaymentNote';
import { usePaymentsInfo } from '../payments-info';
import { ConfirmPlanChange } from '../components/ConfirmPlanChange';
import { planChangeKind } from '../../../contract/plan-change';
import { DisabledAction, PlanOption } from '../components/PlanOption';
import '../billing.css';
import { formatNumber } from '../../../contract/format';

/** Who is looking at the plans, and the plan their organisation has. */
interface Viewer {
  signedIn: boolean;
  canManage: boolean;
  currentType: string | null;
  currentActive: boolean;
  /** The current plan was paid for a period (Stripe) and ends unless paid again. */
  paidOnce: boolean;
}

function PlanAction({ plan, viewer, onChoose }: { plan: CataloguePlan; viewer: Viewer; onChoose: (plan: CataloguePlan) => void }) {
  const { signedIn, canManage, currentType, currentActive, paidOnce } = viewer;
  const isCurrent = currentType === plan.type && currentActive;
  if (!signedIn) {
    return (
      <Button asChild size="3" variant={plan.recommended ? 'solid' : 'soft'}>
        <RouterLink to="/register">{plan.type === 'free' ? 'Start free trial' : `Start with ${plan.name}`}</RouterLink>
      </Button>
    );
  }
  if (plan.type === 'free') return <DisabledAction note="Every organisation starts with it.">{currentType === 'free' ? 'Your trial' : 'Trial used'}</DisabledAction>;
  if (isCurrent && paidOnce && canManage) {
    return (
      <Button size="3" variant="soft" onClick={() => onChoose(plan)}>
        <RocketIcon /> Extend by 30 days
      </Button>
    );
  }
  if (isCurrent) return <DisabledAction>Current plan</DisabledAction>;
  // From a paid plan another plan is a switch (a member on Pro must not read "Upgrade to Starter").
  const action = currentType === 'free' || !currentActive ? `Upgrade to ${plan.name}` : `Switch to ${plan.name}`;
  if (!canManage) return <DisabledAction note="Ask an owner or admin of your organisation to change the plan.">{action}</DisabledAction>;
  return (
    <Button size="3" variant={plan.recommended ? 'solid' : 'soft'} onClick={() => onChoose(plan)}>
      <RocketIcon /> {action}
    </Button>
  );
}

/** Plans side by side. Public: read before signing up; signed in, owners and admins change plan here. */
export default function PricingPage() {
  const { status, user } = useSnapshot(authState);
  const billing = useSnapshot(billingState);
  const navigate = useNavigate();
  const signedIn = status === 'AUTHENTICATED';
  const canManage = isOrgManagerRole(user?.role);
  const [confirming, setConfirming] = useState<CataloguePlan | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const inOrganisation = signedIn && Boolean(user) && !['system_admin', 'support_admin'].includes(user!.role);
  const { payments, currency } = usePaymentsInfo(inOrganisation);

  useEffect(() => {
    if (inOrganisation) void refreshBilling();
  }, [inOrganisation]);

  const currentType = signedIn ? (billing.plan?.type ?? null) : null;
  const currentActive = billing.plan ? planStatus(billing.plan, billing.credits?.reset_date) !== 'expired' : false;
  const paidOnce = Boolean(billing.plan && billing.plan.type !== 'free' && billing.plan.expires_at);
  const viewer: Viewer = { signedIn, canManage, currentType, currentActive, paidOnce };

  const confirm = async (plan: CataloguePlan) => {
    try {
      const outcome = await changePlan(plan.type as PaidPlanType);
      if (outcome.kind === 'redirected') {
        // On the way to the payment page; this screen says how it went on return.
        setRedirecting(true);
        return;
      }
      const change = planChangeKind({ type: currentType ?? 'free', active: currentActive, paidOnce }, plan);
      const added = change.kind === 'downgrade' ? 0 : change.kind === 'upgrade' ? change.credits : plan.credits;
      toast.success(outcome.result.message, added > 0 ? { description: `${formatNumber(added)} credits added.` } : undefined);
      setConfirming(null);
      navigate('/credits');
    } catch (error) {
      const failure = error instanceof BillingError ? error : new BillingError('Failed to change plan', null, null);
      toast.error(failure.message, failure.reason ? { description: failure.reason } : undefined);
      setConfirming(null);
    }
  };

  const content = (
    <Page wide>
      <PageHeader
        title="Pricing"
        description="Every organisation starts with a 14-day free trial. Paid plans give their credits every month; unused credits carry over."
      />
      {signedIn ? <CheckoutOutcomeBanner /> : null}
      {signedIn && canManage && payments?.demo ? (
        <Box mb="4">
          <PaymentNote payments={payments} />
        </Box>
      ) : null}
      <div className="pricing-grid-container">
        <div className="pricing-grid">
          {PLAN_CATALOGUE.map((plan) => (
            <PlanOption
              key={plan.type}
              plan={plan}
              currency={currency}
              current={currentType === plan.type && currentActive}
              action={<PlanAction plan={plan} viewer={viewer} onChoose={setConfirming} />}
            />
          ))}
        </div>
      </div>
      <Card size="3" mt="5" className="surface-card">
        <Flex direction={{ initial: 'column', md: 'row' }} justify="between" gap="4" align={{ initial: 'start', md: 'center' }}>
          <Box>
            <Heading as="h2" size="4">
              Need more credits?
            </Heading>
            <Text size="2" color="gray">
              Top up on any plan:{' '}
              {CREDIT_PACKAGES.map((pack) => `${formatNumber(pack.credits)} for ${formatPrice(pack.price, currency)}${pack.bonus ? ` (+${pack.bonus_percent}% bonus)` : ''}`).join(' · ')}
            </Text>
          </Box>
          {signedIn && canManage ? (
            <Button asChild variant="soft">
              <RouterLink to="/credits">Buy credits</RouterLink>
            </Button>
          ) : null}
        </Flex>
      </Card>
      {signedIn && billing.planError ? (
        <IconCallout mt="4" color="amber" size="1" icon={<InfoCircledIcon />}>
          {billing.planError}. Your current plan is not marked.
        </IconCallout>
      ) : null}
      <ConfirmPlanChange
        plan={confirming}
        current={billing.plan ? { type: billing.plan.type, active: currentActive, paidOnce } : null}
        payments={payments}
        currency={currency}
        busy={billing.changingPlanTo !== null || redirecting}
        onConfirm={(plan) => void confirm(plan)}
        onCancel={() => setConfirming(null)}
      />
    </Page>
  );
  if (signedIn) return content;
  return (
    <Box className="public-page">
      <Flex className="public-header" justify="between" align="center" px={{ initial: '3', sm: '5' }} py="3">
        <BrandLink to="/login" label="Mosaic" className="sidebar-logo" logoSize={28} textSize="4" />
        <Flex gap="2" align="center">
          <Button asChild variant="soft" color="gray">
            <RouterLink to="/login">Sign in</RouterLink>
          </Button>
          <Button asChild>
            <RouterLink to="/register">Create account</RouterLink>
          </Button>
        </Flex>
      </Flex>
      {content}
    </Box>
  );
}
