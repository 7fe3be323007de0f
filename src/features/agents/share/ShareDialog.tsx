/**
 * Share a chat (issue 12 item 9): a read-only link anyone can open without signing in, showing the
 * conversation as it is now and nothing else of the organisation. The new link is shown once (only
 * its hash is kept), with Copy; the chat's active links are listed with who made them, when, and
 * how often they were opened, each revocable. Who may share: the chat's starter, owners, admins.
 */
import { useEffect, useState } from 'react';
import { Button, Callout, Dialog, Flex, Spinner, Text, TextField, Tooltip } from '@radix-ui/themes';
import { CheckIcon, CopyIcon, InfoCircledIcon, Link2Icon } from '@radix-ui/react-icons';
import { useSnapshot } from 'valtio';
import { toast } from 'sonner';
import { shareChatBlockedReason, type ShareLinkDto } from '../../../contract/chat-shares';
import { formatDateTime, formatNumber } from '../../../contract/format';
import { NETWORK_REQUIRED_MESSAGE, useOnline } from '../../../pwa';
import { authState } from '../../../session';
import { sharesApi } from './shares.api';
import './share.css';

export interface ShareDialogProps {
  session: { id: string; title: string; startedBy?: string | null };
  open: boolean;
  onOpenChange(open: boolean): void;
}

export function ShareDialog({ session, open, onOpenChange }: ShareDialogProps) {
  const { user } = useSnapshot(authState);
  const online = useOnline();
  const [links, setLinks] = useState<ShareLinkDto[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);
  // Rows saved before the history existed do not say who started the chat: the server decides then.
  const blocked = user && session.startedBy !== undefined ? shareChatBlockedReason({ id: user.id, role: user.role }, session.startedBy) : null;
  const why = online ? blocked : NETWORK_REQUIRED_MESSAGE;

  useEffect(() => {
    if (!open) return undefined;
    let alive = true;
    sharesApi.list(session.id).then(
      (list) => alive && setLinks(list),
      (failure: Error) => {
        if (!alive) return;
        setLinks([]);
        setError(online ? failure.message : NETWORK_REQUIRED_MESSAGE);
      },
    );
    return () => {
      alive = false;
    };
  }, [open, session.id, online]);

  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await sharesApi.create(session.id);
      setCreated(`${window.location.origin}${answer.path}`);
      setCopied(false);
      setLinks((current) => [answer.link, ...(current ?? [])]);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created);
      setCopied(true);
    } catch {
      toast.error('Could not copy: your browser blocked access to the clipboard. Select the link and copy it instead.');
    }
  };

  const revoke = async (link: ShareLinkDto) => {
    try {
      await sharesApi.revoke(session.id, link.id);
      setLinks((current) => (current ?? []).filter((entry) => entry.id !== link.id));
      if (created?.endsWith(link.hint)) setCreated(null);
      toast.success('Link revoked: it no longer opens the chat.');
    } catch (failure) {
      toast.error((failure as Error).message);
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setCreated(null);
          setError(null);
          setLinks(null);
        }
        onOpenChange(next);
      }}
    >
      <Dialog.Content maxWidth="520px" data-testid="share-dialog">
        <Dialog.Title>Share “{session.title}”</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          Anyone with the link can read this conversation as it is now, without signing in. Messages sent later, other chats, names and
          emails are never shown. Search engines are told not to index it.
        </Dialog.Description>

        {created ? (
          <Flex direction="column" gap="2" mb="3">
            <Text as="label" size="2" weight="medium" htmlFor="share-link-url">
              Your new link
            </Text>
            <Flex gap="2">
              <TextField.Root id="share-link-url" value={created} readOnly style={{ flex: 1 }} onFocus={(event) => event.currentTarget.select()} />
              <Button onClick={() => void copy()} aria-label="Copy link">
                {copied ? <CheckIcon /> : <CopyIcon />} {copied ? 'Copied' : 'Copy'}
              </Button>
            </Flex>
            <Text size="1" color="gray">
              Copy it now: for safety it is shown only this once. You can revoke it below at any time.
            </Text>
          </Flex>
        ) : null}

        {error ? (
          <Callout.Root color="red" mb="3" role="alert">
            <Callout.Icon>
              <InfoCircledIcon />
            </Callout.Icon>
            <Callout.Text>{error}</Callout.Text>
          </Callout.Root>
        ) : null}

        <Flex justify="between" align="center" gap="2" mb="2">
          <Text as="p" size="2" weight="bold">
            Active links
          </Text>
          {why ? (
            <Tooltip content={why}>
              <span tabIndex={0} className="share-dialog__why">
                <Button disabled>
                  <Link2Icon /> Create link
                </Button>
              </span>
            </Tooltip>
          ) : (
            <Button onClick={() => void create()} loading={busy}>
              <Link2Icon /> Create link
            </Button>
          )}
        </Flex>
        {why ? (
          <Text as="p" size="1" color="gray" mb="2">
            {why}
          </Text>
        ) : null}
        {links === null ? (
          <Flex align="center" gap="2" role="status">
            <Spinner /> <Text size="2">Loading links…</Text>
          </Flex>
        ) : links.length === 0 ? (
          <Text as="p" size="2" color="gray">
            This chat has no active share links.
          </Text>
        ) : (
          <ul className="share-links" aria-label="Active share links">
            {links.map((link) => (
              <li key={link.id} className="share-link" data-testid="share-link">
                <Flex direction="column" style={{ flex: 1, minWidth: 0 }}>
                  <Text size="2" weight="medium">
                    Link ending …{link.hint}
                  </Text>
                  <Text size="1" color="gray">
                    {formatDateTime(link.created_at)}
                    {link.created_by_name ? ` by ${link.created_by_name}` : ''} · {link.view_count === 0 ? 'not opened yet' : link.view_count === 1 ? 'opened once' : `opened ${formatNumber(link.view_count)} times`}
                  </Text>
                </Flex>
                <Button variant="soft" color="red" size="2" disabled={!online} onClick={() => void revoke(link)} aria-label={`Revoke the link ending ${link.hint}`}>
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        )}
        <Flex justify="end" mt="4">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              Done
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
