/**
 * For owners and admins, once: a tip in the chat when the space gives the agents little to go on
 * — no brand voice, or no documents this agent can read — with links to where to fix it. Put away,
 * it stays away on this device (per space). Members never see it: they cannot change either.
 */
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Link } from '@radix-ui/themes';
import { useSnapshot } from 'valtio';
import { isOrgManagerRole } from '../../../contract/auth';
import { authState } from '../../../session';
import { DismissibleTip, isTipDismissed } from '../../../ui/DismissibleTip';
import { fetchBrandVoice } from '../../settings/brand-voice.api';
import { agentConfigApi } from '../agent-config.api';

interface Gaps {
  brandVoice: boolean;
  documents: boolean;
}

export const setupTipId = (spaceId: string) => `space-setup:${spaceId}`;

/** What the space lacks, asked once per space and agent; null while unknown or when it cannot be known. */
function useSetupGaps(enabled: boolean, spaceId: string | null, slug: string): Gaps | null {
  const [found, setFound] = useState<{ key: string; gaps: Gaps } | null>(null);
  const key = `${spaceId}/${slug}`;
  useEffect(() => {
    if (!enabled || !spaceId) return undefined;
    let alive = true;
    Promise.all([fetchBrandVoice(), agentConfigApi.documents(slug, spaceId)])
      .then(([voice, documents]) => {
        const usable = documents.filter((document) => document.is_enabled && document.status === 'ready');
        if (alive) setFound({ key, gaps: { brandVoice: voice.content.trim() === '', documents: usable.length === 0 } });
      })
      // Offline or refused: no tip rather than a wrong one.
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [enabled, spaceId, slug, key]);
  return found?.key === key ? found.gaps : null;
}

export function SpaceSetupTip({ spaceId, slug, agentName }: { spaceId: string | null; slug: string; agentName: string }) {
  const { user } = useSnapshot(authState);
  const manager = isOrgManagerRole(user?.role);
  const gaps = useSetupGaps(manager && spaceId !== null && !isTipDismissed(setupTipId(spaceId ?? '')), spaceId, slug);
  if (!manager || !spaceId || !gaps || (!gaps.brandVoice && !gaps.documents)) return null;
  const voiceLink = (
    <Link asChild>
      <RouterLink to="/workspace-settings#brand-voice">add your brand voice</RouterLink>
    </Link>
  );
  const documentsLink = (
    <Link asChild>
      <RouterLink to="/knowledge-base">upload documents</RouterLink>
    </Link>
  );
  return (
    <DismissibleTip id={setupTipId(spaceId)} label="Better answers" className="space-setup-tip">
      {agentName} answers better with your brand voice and documents to draw on. Tip:{' '}
      {gaps.brandVoice && gaps.documents ? (
        <>
          {voiceLink} and {documentsLink}
        </>
      ) : gaps.brandVoice ? (
        voiceLink
      ) : (
        documentsLink
      )}
      .
    </DismissibleTip>
  );
}
