import { defineResource, flag, int, text } from './resource-kit.js';

/**
 * 车辆 (docs/product/office.md#vehicle-booking, docs/adr/0064-duty-rosters.md#vehicle-booking): the school's vehicles
 * staff book through the `vehicle-booking` flow — a plate, the seats (passengers at most), the driver. The office keeps
 * them; anyone signed in reads their names (the booking form's choices).
 */
export const vehicles = defineResource({
  name: 'vehicles',
  table: 'vehicle',
  fields: {
    plate: text({ max: 16, required: true }),
    seats: int({ min: 1, max: 60, required: true }),
    driver: text({ max: 20 }),
    driverPhone: text({ max: 20 }),
    enabled: flag(true),
    remark: text({ max: 200 }),
  },
  unique: { vehicle_plate_key: { fields: ['plate'], message: 'resource.messages.nameUsed' } },
  inUse: { vehicle_booking_vehicle_id_fkey: 'resource.messages.vehicleInUse' },
  label: 'plate',
  optionsOpen: true,
  key: 'plate',
  list: { columns: ['plate', 'seats', 'driver', 'driverPhone', 'enabled', 'remark'], filters: ['enabled'], keyword: ['plate', 'driver'], sort: [['plate', 'ASC']] },
  excel: { columns: ['plate', 'seats', 'driver', 'driverPhone', 'enabled', 'remark'], importMaxKb: 200 },
  permissions: { read: 'vehicles:list', write: 'vehicles:edit' },
  grants: { read: ['office', 'principal'], write: ['office'] },
  menu: { group: 'resources', sort: 9, icon: 'car' },
  actions: ['list', 'read', 'create', 'update', 'delete', 'import', 'export'],
});
