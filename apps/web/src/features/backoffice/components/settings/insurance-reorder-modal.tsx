// The reorder dialog of the insurance priority: the companies are dragged into a new order (pointer,
// touch, or keyboard: focus a handle, Space, arrows, Space), with spoken announcements; Save posts
// the full list of ids in the new order.
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Box, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { MESSAGES } from '@qist/domain';
import { IconGripVertical } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { useUpdateInsuranceOrder } from '../../api/update-insurance-order';

type Company = { _id: string; name: string; priority: number };

function SortableCompany({ company }: { company: Company }) {
  const { t } = useTranslation('backoffice');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: company._id,
  });
  return (
    <Paper
      component="li"
      ref={setNodeRef}
      withBorder
      radius="md"
      p="xs"
      shadow={isDragging ? 'md' : undefined}
      style={{
        display: 'list-item',
        transform: CSS.Transform.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
      }}
    >
      <Group gap="sm" wrap="nowrap">
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('settings.insurance.drag', { name: company.name })}
          {...attributes}
          {...listeners}
          style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
        >
          <IconGripVertical size={18} aria-hidden />
        </ActionIcon>
        <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
          {company.name}
        </Text>
      </Group>
    </Paper>
  );
}

export type InsuranceReorderModalProps = { opened: boolean; companies: Company[]; onClose: () => void };

export function InsuranceReorderModal({ opened, companies, onClose }: InsuranceReorderModalProps) {
  const { t } = useTranslation('backoffice');
  return (
    <Modal opened={opened} onClose={onClose} title={t('settings.insurance.modalTitle')} centered size="md">
      {/* mounted afresh at each opening, so it starts from the saved order */}
      {opened && <ReorderBody companies={companies} onClose={onClose} />}
    </Modal>
  );
}

function ReorderBody({ companies, onClose }: { companies: Company[]; onClose: () => void }) {
  const { t } = useTranslation('backoffice');
  const [items, setItems] = useState(companies);
  const save = useUpdateInsuranceOrder();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const nameOf = (id: UniqueIdentifier) => items.find((c) => c._id === id)?.name ?? String(id);
  const positionOf = (id: UniqueIdentifier | undefined) => items.findIndex((c) => c._id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('settings.insurance.announce.start', { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('settings.insurance.announce.over', { name: nameOf(active.id), position: positionOf(over.id), count: items.length })
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('settings.insurance.announce.end', { name: nameOf(active.id), position: positionOf(over.id), count: items.length })
        : undefined,
    onDragCancel: ({ active }) => t('settings.insurance.announce.cancel', { name: nameOf(active.id) }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    setItems((current) => {
      const from = current.findIndex((c) => c._id === active.id);
      const to = current.findIndex((c) => c._id === over.id);
      return from < 0 || to < 0 ? current : arrayMove(current, from, to);
    });
  };

  const onSave = () =>
    save.mutate(
      { insuranceList: items.map((c) => c._id) },
      {
        onSuccess: () => {
          notify.success(MESSAGES.settingsDone);
          onClose();
        },
      },
    );

  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        {t('settings.insurance.modalHint')}
      </Text>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('settings.insurance.instructions') } }}
      >
        <SortableContext items={items.map((c) => c._id)} strategy={verticalListSortingStrategy}>
          <Box
            component="ol"
            aria-label={t('settings.insurance.list')}
            m={0}
            style={{ display: 'flex', flexDirection: 'column', gap: 'var(--mantine-spacing-xs)', paddingInlineStart: 28 }}
          >
            {items.map((company) => (
              <SortableCompany key={company._id} company={company} />
            ))}
          </Box>
        </SortableContext>
      </DndContext>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={save.isPending}>
          {t('settings.cancel')}
        </Button>
        <Button onClick={onSave} loading={save.isPending}>
          {t('settings.save')}
        </Button>
      </Group>
    </Stack>
  );
}
