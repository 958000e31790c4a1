import AtriumEvents
import AtriumStorage
import Logging

extension EventDeliveryService {
    /// The deliverer of `plan`'s modules on `storage`.
    package init(plan: HostPlan, storage: any HostStorage, logger: Logger) {
        self.init(storage: storage, current: { (plan.events, plan.settings.events) }, metrics: plan.metrics, logger: logger)
    }
}
