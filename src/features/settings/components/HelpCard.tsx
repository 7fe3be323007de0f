import { Card, Flex, Heading, Kbd, Text } from '@radix-ui/themes';

/** Help & Support (the sidebar footer menu links to /settings#help). */
export function HelpCard() {
  return (
    <Card size="3" className="surface-card" id="help" aria-labelledby="help-heading">
      <Heading as="h2" size="4" id="help-heading" mb="2">
        Help &amp; Support
      </Heading>
      <Text as="p" size="2" color="gray" mb="4">
        Questions about your plan, spaces or access? Your organisation owner or admin can change roles and spaces for
        you; for anything else, contact your Mosaic administrator.
      </Text>
      <Flex direction="column" gap="2">
        <Text size="2">
          <Kbd>Ctrl</Kbd> / <Kbd>⌘</Kbd> + <Kbd>B</Kbd> — show or hide the sidebar
        </Text>
        <Text size="2">
          <Kbd>Alt</Kbd> + <Kbd>T</Kbd> — jump to notifications
        </Text>
      </Flex>
    </Card>
  );
}
