import { Card, Flex, Heading, RadioCards, Text } from '@radix-ui/themes';
import { DesktopIcon, MoonIcon, SunIcon } from '@radix-ui/react-icons';
import { THEME_PREFERENCES, setThemePreference, useThemePreference, type ThemePreference } from '../../../ui/theme-preference';

const CHOICES: Record<ThemePreference, { label: string; icon: typeof SunIcon }> = {
  light: { label: 'Light', icon: SunIcon },
  dark: { label: 'Dark', icon: MoonIcon },
  system: { label: 'System', icon: DesktopIcon },
};

/** Light, dark or the system's setting, for this device: applied at once, kept for the next visit. */
export function AppearanceCard() {
  const preference = useThemePreference();
  return (
    <Card size="3" className="surface-card" aria-labelledby="appearance-heading" id="appearance">
      <Heading as="h2" size="4" id="appearance-heading" mb="2">
        Appearance
      </Heading>
      <Text as="p" size="2" color="gray" mb="4" id="appearance-description">
        Kept on this device. System follows your device&apos;s light or dark setting as it changes.
      </Text>
      <RadioCards.Root
        aria-labelledby="appearance-heading"
        aria-describedby="appearance-description"
        value={preference}
        onValueChange={(value) => setThemePreference(value as ThemePreference)}
        columns={{ initial: '3' }}
        gap="2"
        size="1"
      >
        {THEME_PREFERENCES.map((choice) => {
          const { label, icon: Icon } = CHOICES[choice];
          return (
            <RadioCards.Item key={choice} value={choice}>
              <Flex align="center" gap="2">
                <Icon aria-hidden />
                <Text size="2">{label}</Text>
              </Flex>
            </RadioCards.Item>
          );
        })}
      </RadioCards.Root>
    </Card>
  );
}
