"""The step-time widgets: the Step time panel (StepTimePanel), its shared result (StepTimeSource)
and the planner (PlannerView, PlannerDialog in tslab.views.time.planner), one module each."""
from tslab.views.time.panel import StepTimePanel
from tslab.views.time.source import StepTimeSource

__all__ = ["StepTimePanel", "StepTimeSource"]
