import type { ReactNode } from 'react';
import { Tabs } from '@radix-ui/themes';

export interface Pane {
  value: string;
  /** The tab's text on a phone. */
  tab: ReactNode;
  /** The tab's name for screen readers, where its text alone would not say enough. */
  tabLabel?: string;
  /** The pane's section on wide screens: its class, and its name for screen readers. */
  section: { className: string; 'aria-label'?: string; 'aria-labelledby'?: string };
  content: ReactNode;
}

interface PanesOrTabsProps {
  phone: boolean;
  tab: string;
  onTabChange: (tab: string) => void;
  panes: readonly Pane[];
  columnsClassName: string;
  /** The tab panels' class ('am-scroll' added where they scroll by themselves). */
  panelClassName: string;
}

/** Agent Mode's two panes: side by side on wide screens, two tabs on a phone (≤ 768 px). */
export function PanesOrTabs({ phone, tab, onTabChange, panes, columnsClassName, panelClassName }: PanesOrTabsProps) {
  if (!phone) {
    return (
      <div className={columnsClassName}>
        {panes.map((pane) => (
          <section key={pane.value} {...pane.section}>
            {pane.content}
          </section>
        ))}
      </div>
    );
  }
  return (
    <Tabs.Root value={tab} onValueChange={onTabChange} className="am-tabs">
      <Tabs.List className="am-tabs__list" size="2">
        {panes.map((pane) => (
          <Tabs.Trigger key={pane.value} value={pane.value} aria-label={pane.tabLabel}>
            {pane.tab}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {panes.map((pane) => (
        <Tabs.Content key={pane.value} value={pane.value} className={panelClassName}>
          {pane.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
