import { Link as RouterLink } from 'react-router-dom';
import { Text } from '@radix-ui/themes';
import { Logo } from './Logo';

interface BrandLinkProps {
  to: string;
  /** The link's name for screen readers (the mark itself is hidden from them). */
  label: string;
  className: string;
  logoSize: number;
  textSize: '3' | '4';
}

/** Mosaic's mark and name as a link: the phone's top bar, the public pages' header. */
export function BrandLink({ to, label, className, logoSize, textSize }: BrandLinkProps) {
  return (
    <RouterLink to={to} className={className} aria-label={label}>
      <Logo size={logoSize} />
      <Text size={textSize} weight="bold">
        Mosaic
      </Text>
    </RouterLink>
  );
}
