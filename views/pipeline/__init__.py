"""The Pipeline Scheduler tab (PipelineTab) and its widgets, one module each."""
from tslab.views.pipeline.tab import PipelineTab

__all__ = ["PipelineTab"]
