import { Flex, Tag } from 'antd';
import { groupColor } from '@/lib/format/colors';

/** A comma-joined group list as badges; paid groups get their colour. */
export function GroupTags({ groups }: { groups: string }) {
  const names = groups.split(',').map((name) => name.trim()).filter(Boolean);
  return (
    <Flex wrap gap={4}>
      {names.map((name) => (
        <Tag key={name} color={groupColor(name)}>
          {name}
        </Tag>
      ))}
    </Flex>
  );
}
