import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { Logo } from '../../../ui/Logo';

interface AuthLayoutProps {
  title: string;
  subtitle: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** Centred card used by Login and Register, outside the application shell. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  return (
    <Flex className="auth-page" direction="column" align="center" justify="center" px="4" py="8">
      <Box className="auth-page__inner">
        <Flex asChild align="center" gap="2" justify="center" mb="5">
          <RouterLink to="/login" className="auth-page__brand" aria-label="Mosaic">
            <Logo size={36} />
            <Text size="5" weight="bold">
              Mosaic
            </Text>
          </RouterLink>
        </Flex>
        <Card size="4" className="auth-card">
          <Heading as="h1" size="6" align="center" mb="1">
            {title}
          </Heading>
          <Text as="p" size="2" color="gray" align="center" mb="5">
            {subtitle}
          </Text>
          {children}
        </Card>
        {footer ? (
          <Text as="p" size="2" color="gray" align="center" mt="4">
            {footer}
          </Text>
        ) : null}
      </Box>
    </Flex>
  );
}
