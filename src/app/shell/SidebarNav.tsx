import { Text } from '@radix-ui/themes';
import type { SidebarSectionDef } from './sidebar.sections';
import { SidebarItem } from './SidebarItem';

interface SidebarNavProps {
  sections: SidebarSectionDef[];
  collapsed: boolean;
  onChoose: () => void;
}

/** The sectioned list of destinations in the sidebar. */
export function SidebarNav({ sections, collapsed, onChoose }: SidebarNavProps) {
  return (
    <nav className="sidebar-nav" aria-label="Main navigation">
      {sections.map((section) => {
        const headingId = `sidebar-section-${section.title.toLowerCase().replace(/\s+/g, '-')}`;
        return (
          <section key={section.title} className="sidebar-section" aria-labelledby={headingId}>
            <Text
              as="div"
              id={headingId}
              size="1"
              weight="medium"
              color="gray"
              className={collapsed ? 'sidebar-section__title visually-hidden' : 'sidebar-section__title'}
            >
              {section.title}
            </Text>
            <ul className="plain-list sidebar-section__items">
              {section.items.map((item) => (
                <SidebarItem key={item.to} item={item} collapsed={collapsed} onChoose={onChoose} />
              ))}
            </ul>
          </section>
        );
      })}
    </nav>
  );
}
