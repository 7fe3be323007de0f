/** A step's question to the person: the run waits (durably, on the server) until it is answered or skipped. */
import { useState, type FormEvent } from 'react';
import { Button, Card, Flex, Text, TextArea } from '@radix-ui/themes';
import { QuestionMarkCircledIcon } from '@radix-ui/react-icons';
import { ANSWER_MAX_CHARS } from '../../../contract/agent-mode';
import { NetworkRequiredTooltip } from '../../../pwa';

interface QuestionCardProps {
  stepId: string;
  agentName: string;
  question: string;
  busy: boolean;
  /** Why this person may not answer (not their run), or null. */
  blockedReason: string | null;
  onAnswer: (answer: string) => Promise<boolean>;
  onSkip: () => Promise<boolean>;
}

export function QuestionCard({ stepId, agentName, question, busy, blockedReason, onAnswer, onSkip }: QuestionCardProps) {
  const [answer, setAnswer] = useState('');
  const [missing, setMissing] = useState(false);
  const fieldId = `answer-${stepId}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (answer.trim() === '') {
      setMissing(true);
      return;
    }
    setMissing(false);
    if (await onAnswer(answer.trim())) setAnswer('');
  };

  return (
    <Card className="question-card" asChild>
      <form onSubmit={(event) => void submit(event)} aria-label={`${agentName} asks`}>
        <Flex direction="column" gap="2">
          <Flex align="center" gap="2">
            <QuestionMarkCircledIcon aria-hidden="true" />
            <Text size="2" weight="bold">
              {agentName} asks
            </Text>
          </Flex>
          <Text as="p" size="2" className="question-card__question">
            {question}
          </Text>
          <Text as="label" htmlFor={fieldId} size="2" weight="medium">
            Your answer
          </Text>
          <TextArea
            id={fieldId}
            rows={3}
            value={answer}
            maxLength={ANSWER_MAX_CHARS}
            onChange={(event) => setAnswer(event.target.value)}
            disabled={busy || blockedReason !== null}
            aria-invalid={missing ? true : undefined}
            aria-describedby={missing ? `${fieldId}-error` : undefined}
          />
          {missing ? (
            <Text id={`${fieldId}-error`} size="1" color="red" role="alert">
              Write an answer, or go on without one.
            </Text>
          ) : null}
          <NetworkRequiredTooltip reason={blockedReason}>
            {({ disabled }) => (
              <Flex gap="2" wrap="wrap">
                <Button type="submit" size="2" loading={busy} disabled={disabled}>
                  Send answer
                </Button>
                <Button type="button" size="2" variant="soft" color="gray" disabled={disabled || busy} onClick={() => void onSkip()}>
                  Go on without answering
                </Button>
              </Flex>
            )}
          </NetworkRequiredTooltip>
        </Flex>
      </form>
    </Card>
  );
}
