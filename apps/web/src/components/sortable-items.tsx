import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';

/**
 * Items put in order by dragging (@dnd-kit: pointer and keyboard), as a list or a grid: `onOrder` gets the ids in
 * their new order when one is dropped elsewhere. Used by the albums' pictures and the home page's cards.
 */
export function SortableItems({ ids, layout, disabled, onOrder, render, className, testId }: { ids: readonly string[]; layout: 'list' | 'grid'; disabled?: boolean; onOrder: (ids: string[]) => void; render: (id: string, index: number) => ReactNode; className?: string; testId?: string }) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    onOrder(arrayMove([...ids], from, to));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={[...ids]} strategy={layout === 'grid' ? rectSortingStrategy : verticalListSortingStrategy} disabled={disabled}>
        <div className={className} data-testid={testId}>
          {ids.map((id, i) => (
            <SortableItem key={id} id={id}>
              {render(id, i)}
            </SortableItem>
          ))}
        </div>
      </SortableContext>
    </DndContext>
  );
}

function SortableItem({ id, children }: { id: string; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <div ref={setNodeRef} style={{ transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }} {...attributes} {...listeners} className="sf-sortable-item" data-sortable-id={id}>
      {children}
    </div>
  );
}
