import { memo, useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { toast } from 'sonner';
import { Button, Card, Flex, Heading, IconButton, Text, Tooltip } from '@radix-ui/themes';
import { CheckCircledIcon, Cross2Icon } from '@radix-ui/react-icons';
import { CHECKLIST_STEPS, type ChecklistStep } from '../../../contract/onboarding';
import { isOrgManagerRole } from '../../../contract/auth';
import { authState, spacesState } from '../../../session';
import { useCurrentSpace } from '../../spaces/useCurrentSpace';
import { STEP_COPY } from '../checklist-steps';
import { isChecklistShown, loadOnboarding, onboardingState, progressOf, setChecklistDismissed } from '../onboarding.store';
import { useSnapshotInTransition } from '../../../ui/use-snapshot-in-transition';
import '../onboarding.css';

export const CHECKLIST_HEADING = 'Get started with Mosaic';

/**
 * The first screen's set-up checklist for a new organisation: five steps ticked from real data
 * (GET /onboarding), progress, a button to where each step is done, and a way to close it that the
 * server remembers for the person. Gone by itself once every step is done.
 */
export const GetStartedChecklist = memo(function GetStartedChecklist() {
  // memo: the Dashboard around it re-renders as its own data arrives; the checklist has no props
  // and follows its stores, in transitions (use-snapshot-in-transition.ts).
  const { currentSpaceId } = useSnapshotInTransition(spacesState);
  const { value } = useSnapshotInTransition(onboardingState);
  const { user } = useSnapshotInTransition(authState);
  const space = useCurrentSpace()?.name ?? 'this space';

  useEffect(() => {
    void loadOnboarding();
  }, [currentSpaceId]);

  if (!isChecklistShown(value)) return null;
  const canManage = isOrgManagerRole(user?.role);
  const names = { org: value.organisation_name, space };
  const { done, total } = progressOf(value);

  const dismiss = async () => {
    try {
      await setChecklistDismissed(true);
      toast.success('Checklist hidden on all your devices', {
        action: { label: 'Undo', onClick: () => void setChecklistDismissed(false).catch(() => toast.error('Could not bring the checklist back. Try again.')) },
      });
    } catch {
      toast.error('Could not hide the checklist. Check your connection and try again.');
    }
  };

  return (
    <Card asChild size="3" className="surface-card checklist">
      <section aria-labelledby="checklist-heading">
      <Flex justify="between" align="start" gap="3">
        <Flex direction="column" gap="1">
          <Heading as="h2" size="4" id="checklist-heading">
            {CHECKLIST_HEADING}
          </Heading>
          <Text size="2" color="gray">
            Set up {value.organisation_name}: {done} of {total} done.
          </Text>
        </Flex>
        <Tooltip content="Hide checklist">
          <IconButton variant="ghost" color="gray" aria-label="Hide the checklist" onClick={() => void dismiss()}>
            <Cross2Icon />
          </IconButton>
        </Tooltip>
      </Flex>
      <div
        className="checklist__bar"
        role="progressbar"
        aria-label="Set-up progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={`${done} of ${total} steps done`}
      >
        <div className="checklist__fill" style={{ width: `${(done / total) * 100}%` }} />
      </div>
      <ol className="checklist__steps">
        {CHECKLIST_STEPS.map((step) => (
          <ChecklistItem key={step} step={step} done={value.steps[step]} canManage={canManage} names={names} />
        ))}
      </ol>
      </section>
    </Card>
  );
});

function ChecklistItem({ step, done, canManage, names }: { step: ChecklistStep; done: boolean; canManage: boolean; names: { org: string; space: string } }) {
  const copy = STEP_COPY[step];
  const memberNote = !canManage && copy.managersOnly ? copy.managersOnly : null;
  return (
    <li className="checklist__step" data-done={done || undefined} data-testid={`checklist-step-${step}`}>
      <span className="checklist__mark" aria-hidden="true">
        {done ? <CheckCircledIcon width={20} height={20} /> : <span className="checklist__circle" />}
      </span>
      <Flex direction="column" gap="1" className="checklist__text">
        <Text size="2" weight="medium">
          {copy.title}
          <span className="visually-hidden">{done ? ' (done)' : ' (to do)'}</span>
        </Text>
        <Text size="1" color="gray">
          {copy.description(names)}
          {!done && memberNote ? ` ${memberNote}` : ''}
        </Text>
      </Flex>
      {done ? (
        <Text size="1" color="green" weight="medium" className="checklist__done" aria-hidden="true">
          Done
        </Text>
      ) : memberNote ? null : (
        <Button asChild size="2" variant="soft" className="checklist__action">
          <RouterLink to={copy.action.to}>{copy.action.label}</RouterLink>
        </Button>
      )}
    </li>
  );
}
