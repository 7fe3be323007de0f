import { useSnapshot } from 'valtio';
import { Select } from '../../../ui/Select';
import { ga4State, selectProperty } from './ga4.store';

/** Which linked property the dashboard shows (remembered per space). */
export function PropertySelector() {
  const { linkedProperties, selectedPropertyId } = useSnapshot(ga4State);
  if (linkedProperties.length === 0) return null;
  return (
    <Select.Root value={selectedPropertyId ?? undefined} onValueChange={selectProperty}>
      <Select.Trigger aria-label="GA4 property" className="ga4-property-select" />
      <Select.Content position="popper">
        {linkedProperties.map((property) => (
          <Select.Item key={property.id} value={property.ga4_property_id}>
            {property.ga4_property_display_name}
          </Select.Item>
        ))}
      </Select.Content>
    </Select.Root>
  );
}
