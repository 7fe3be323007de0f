import { Link as RouterLink } from 'react-router-dom';
import { Badge, Text, Tooltip } from '@radix-ui/themes';
import type { SidebarItemDef } from './sidebar.sections';
import { useRequestedPathname } from '../screen-arriving';

/** Sidebar item tooltips: 300 ms open delay, 8px from the rail (spec 000 §9). */
export const SIDEBAR_TOOLTIP_DELAY_MS = 300;
export const SIDEBAR_TOOLTIP_OFFSET = 8;

interface SidebarItemProps {
  item: SidebarItemDef;
  collapsed: boolean;
  onChoose: () => void;
}

export function SidebarItem({ item, collapsed, onChoose }: SidebarItemProps) {
  // The item picked is marked at once, even while its screen's code is still on its way.
  const pathname = useRequestedPathname();
  // Exact match only (spec 000 §2): /agents is not active on /agents/manage.
  const active = pathname === item.to;
  const Icon = item.icon;
  const link = (
    <RouterLink
      to={item.to}
      className="sidebar-item"
      data-active={active || undefined}
      aria-current={active ? 'page' : undefined}
      aria-label={collapsed ? (item.badge ? `${item.label}, ${item.badgeLabel ?? item.badge}` : item.label) : undefined}
      onClick={onChoose}
    >
      <span className="sidebar-item__icon" aria-hidden="true">
        <Icon width={16} height={16} />
      </span>
      {collapsed ? null : (
        <Text size="2" className="sidebar-item__label">
          {item.label}
        </Text>
      )}
      {item.badge && !collapsed ? (
        <>
          <Badge size="1" variant="soft" radius="full" className="sidebar-item__badge" aria-hidden={item.badgeLabel ? true : undefined}>
            {item.badge}
          </Badge>
          {item.badgeLabel ? <span className="visually-hidden">, {item.badgeLabel}</span> : null}
        </>
      ) : null}
      {item.badge && collapsed ? <span className="sidebar-item__dot" aria-hidden="true" /> : null}
    </RouterLink>
  );
  if (!collapsed) return <li>{link}</li>;
  return (
    <li>
      <Tooltip
        content={item.badge ? `${item.label} (${item.badgeLabel ?? item.badge})` : item.label}
        side="right"
        sideOffset={SIDEBAR_TOOLTIP_OFFSET}
        delayDuration={SIDEBAR_TOOLTIP_DELAY_MS}
      >
        {link}
      </Tooltip>
    </li>
  );
}
